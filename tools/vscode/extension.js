// tools/vscode/extension.js: the smallest VS Code extension that runs
// `roomforge lsp` for the XML and Lua files of a workspace (docs/editors.md).
// The server does all the work; this only starts it over stdio, with
// --scripts when the setting roomforge.scripts names a folder.
'use strict';
const path = require('path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
    const cfg = vscode.workspace.getConfiguration('roomforge');
    const args = ['lsp'];
    const scripts = cfg.get('scripts');
    const root = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
    if (scripts)
        args.push('--scripts', root ? path.resolve(root.uri.fsPath, scripts) : scripts);
    const run = { command: cfg.get('path') || 'roomforge', args, transport: TransportKind.stdio };
    client = new LanguageClient('roomforge', 'roomforge', { run, debug: run }, {
        documentSelector: [
            { scheme: 'file', language: 'xml' },
            { scheme: 'file', language: 'lua' },
        ],
    });
    context.subscriptions.push(client);
    return client.start();
}

function deactivate() {
    return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
