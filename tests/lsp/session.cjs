// tests/lsp/session.cjs ROOMFORGE PACKDIR: one editing session against
// `roomforge lsp`, driven by a real client (vscode-languageserver-protocol
// over vscode-jsonrpc): open, edit (a diagnostic appears, then goes), code
// action, hover on a cell and on a room name, completion, definition,
// document symbols, a Lua room script, UTF-16 positions, shutdown and exit.
// Writes a small pack into PACKDIR; every assertion is on exact results.
'use strict';
const cp = require('child_process');
const fs = require('fs');
const path = require('path');
const assert = require('assert/strict');
const rpc = require('vscode-jsonrpc/node');
const P = require('vscode-languageserver-protocol');

const [rf, pack] = process.argv.slice(2);
const rooms = path.join(pack, 'rooms');
const scripts = path.join(pack, 'scripts');
fs.mkdirSync(path.join(rooms, 'lua'), { recursive: true });
fs.mkdirSync(scripts, { recursive: true });
fs.writeFileSync(path.join(scripts, 'glow.lua'),
    '-- an extension of the pack\nroomforge.condition("is_lit", function(obj, c, room) return true end)\n' +
    'roomforge.action("shout", function(room, c) room:ticker(c.text or "") end)\n');
fs.writeFileSync(path.join(rooms, 'lua', 'hall.lua'),
    'room:rule { when = function(r) return r:entered() end, run = function(r) r:ticker("hi") end }\n');

const hallLines = [
    '<roomdb>',
    '  <room name="Lever Hall" width="5" height="4" tags="hall,puzzle">',
    '    <row text="##D##"/>',
    '    <row text="#.1.#"/>',
    '    <row text="#...#"/>',
    '    <row text="##D##"/>',
    '    <lever id="gate" at="1"/>',
    '    <script><condition condition_type="activated" id="gate"/><action action_type="remove" id="gate"/></script>',
    '    <script src="lua/hall.lua"/>',
    '  </room>',
    '</roomdb>',
    '',
];
const hallText = hallLines.join('\n');
const hallPath = path.join(rooms, 'hall.xml');
fs.writeFileSync(hallPath, hallText);
const hallUri = 'file://' + hallPath;

let failures = 0;
let passed = 0;
async function step(name, fn) {
    try {
        await fn();
        passed++;
        console.log('ok   ' + name);
    } catch (e) {
        failures++;
        console.log('FAIL ' + name + ': ' + (e && e.stack ? e.stack : e));
    }
}

const child = cp.spawn(rf, ['lsp', '--scripts', scripts], { stdio: ['pipe', 'pipe', 'inherit'] });
const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
const conn = P.createProtocolConnection(new rpc.StreamMessageReader(child.stdout),
    new rpc.StreamMessageWriter(child.stdin));
const waiting = new Map(); // uri -> resolve of the next publishDiagnostics
conn.onNotification(P.PublishDiagnosticsNotification.type, (p) => {
    const w = waiting.get(p.uri);
    if (w) {
        waiting.delete(p.uri);
        w(p);
    }
});
conn.listen();

function diagnosticsOf(uri) {
    return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error('no diagnostics for ' + uri)), 10000);
        waiting.set(uri, (p) => { clearTimeout(t); resolve(p); });
    });
}
function pos(line, character) { return { line, character }; }
function at(lines, line, needle, plus = 0) { return pos(line, lines[line].indexOf(needle) + plus); }
let version = 1;
async function change(uri, text) {
    const d = diagnosticsOf(uri);
    await conn.sendNotification(P.DidChangeTextDocumentNotification.type,
        { textDocument: { uri, version: ++version }, contentChanges: [{ text }] });
    return d;
}
const doc = { textDocument: { uri: hallUri } };

async function main() {
    await step('initialize', async () => {
        const r = await conn.sendRequest(P.InitializeRequest.type,
            { processId: process.pid, rootUri: 'file://' + pack, capabilities: {} });
        assert.equal(r.capabilities.textDocumentSync, P.TextDocumentSyncKind.Full);
        assert.equal(r.capabilities.positionEncoding, 'utf-16');
        assert.equal(r.capabilities.hoverProvider, true);
        assert.equal(r.capabilities.definitionProvider, true);
        assert.equal(r.capabilities.documentSymbolProvider, true);
        assert.equal(r.capabilities.codeActionProvider, true);
        assert.deepEqual(r.capabilities.completionProvider.triggerCharacters, ['<', ' ', '"', "'"]);
        await conn.sendNotification(P.InitializedNotification.type, {});
    });
    await step('open: a clean room has no diagnostics', async () => {
        const d = diagnosticsOf(hallUri);
        await conn.sendNotification(P.DidOpenTextDocumentNotification.type,
            { textDocument: { uri: hallUri, languageId: 'xml', version: 1, text: hallText } });
        assert.deepEqual((await d).diagnostics, []);
    });
    const typo = hallLines.slice();
    typo[7] = typo[7].replace('activated" id="gate"', 'activated" id="gaet"');
    let shown;
    await step('edit: a misspelt id gets lint\'s diagnostic', async () => {
        const p = await change(hallUri, typo.join('\n'));
        assert.equal(p.version, version);
        assert.equal(p.diagnostics.length, 1);
        shown = p.diagnostics[0];
        assert.deepEqual(shown.range, { start: at(typo, 7, 'id="gaet"'), end: at(typo, 7, 'id="gaet"', 2) });
        assert.equal(shown.severity, P.DiagnosticSeverity.Error);
        assert.equal(shown.code, 'unknown-id');
        assert.equal(shown.source, 'roomforge');
        assert.equal(shown.message, "the activated condition names id 'gaet', which no object of room " +
            "'Lever Hall' has or creates; did you mean 'gate'?");
        assert.deepEqual(shown.data, { attr: 'id', from: 'gaet', to: 'gate' });
    });
    await step('code action: the did-you-mean as a quick fix', async () => {
        const r = await conn.sendRequest(P.CodeActionRequest.type,
            { ...doc, range: shown.range, context: { diagnostics: [shown] } });
        assert.equal(r.length, 1);
        assert.equal(r[0].title, "Change 'gaet' to 'gate'");
        assert.equal(r[0].kind, 'quickfix');
        assert.deepEqual(r[0].diagnostics, [shown]);
        assert.deepEqual(r[0].edit.changes[hallUri], [{
            range: { start: at(typo, 7, 'gaet'), end: at(typo, 7, 'gaet', 4) }, newText: 'gate' }]);
        const none = await conn.sendRequest(P.CodeActionRequest.type,
            { ...doc, range: { start: pos(2, 0), end: pos(3, 0) }, context: { diagnostics: [] } });
        assert.deepEqual(none, []);
    });
    await step('code action: misspelt element and attribute names', async () => {
        const lines = hallLines.slice();
        lines[6] = '    <levr id="gate" at="1"/>';
        lines[4] = '    <row txt="#...#" text="#...#"/>';
        const p = await change(hallUri, lines.join('\n'));
        const r = await conn.sendRequest(P.CodeActionRequest.type,
            { ...doc, range: { start: pos(0, 0), end: pos(11, 0) }, context: { diagnostics: p.diagnostics } });
        assert.deepEqual(r.map((a) => [a.title, a.edit.changes[hallUri]]), [
            ["Change 'txt' to 'text'", [{ range: { start: at(lines, 4, 'txt'), end: at(lines, 4, 'txt', 3) },
                newText: 'text' }]],
            ["Change 'levr' to 'lever'", [{ range: { start: at(lines, 6, 'levr'), end: at(lines, 6, 'levr', 4) },
                newText: 'lever' }]],
        ]);
        assert.deepEqual(r.map((a) => a.diagnostics.map((d) => d.code)), [['unknown-attribute'], ['unknown-object']]);
    });
    await step('edit: the fix makes the diagnostic go', async () => {
        assert.deepEqual((await change(hallUri, hallText)).diagnostics, []);
    });
    await step('hover on a map cell: symbol, anchor, object', async () => {
        const r = await conn.sendRequest(P.HoverRequest.type, { ...doc, position: at(hallLines, 3, '1') });
        assert.equal(r.contents.kind, 'markdown');
        assert.equal(r.contents.value, '**`1`** anchor for at=  \ncell (2, 1) of room **Lever Hall**\n\n' +
            'anchor 1: used by at=, floor in a level\n\n- `<lever>` id `gate` at anchor 1 (line 7)\n');
        assert.deepEqual(r.range, { start: at(hallLines, 3, '1'), end: at(hallLines, 3, '1', 1) });
        const wall = await conn.sendRequest(P.HoverRequest.type, { ...doc, position: at(hallLines, 2, '##D', 0) });
        assert.equal(wall.contents.value.split('\n')[0], '**`#`** wall  ');
        const door = await conn.sendRequest(P.HoverRequest.type, { ...doc, position: at(hallLines, 2, 'D') });
        assert.ok(door.contents.value.includes('door opening north'), door.contents.value);
    });
    await step('hover on a room name: the room drawn', async () => {
        const r = await conn.sendRequest(P.HoverRequest.type, { ...doc, position: at(hallLines, 1, 'Lever', 2) });
        assert.equal(r.contents.value, '**Lever Hall**: 5 x 4, 1 object(s), 2 script(s)\n\n```text\n' +
            '##D##\n#.1.#\n#...#\n##D##\n```\n');
        assert.equal(await conn.sendRequest(P.HoverRequest.type, { ...doc, position: pos(0, 1) }), null);
    });
    await step('completion: condition and action types, extensions included', async () => {
        const c = await conn.sendRequest(P.CompletionRequest.type,
            { ...doc, position: at(hallLines, 7, 'activated', 3) });
        assert.deepEqual(c.map((i) => i.label), ['activated', 'activated_changed', 'at', 'entered', 'event',
            'exited', 'isalive', 'isdead', 'started', 'stopped', 'is_lit']);
        assert.deepEqual(c[0].textEdit.range,
            { start: at(hallLines, 7, 'activated'), end: at(hallLines, 7, 'activated', 9) });
        const a = await conn.sendRequest(P.CompletionRequest.type,
            { ...doc, position: at(hallLines, 7, 'remove', 1) });
        assert.deepEqual(a.map((i) => i.label), ['create', 'move', 'remove', 'set', 'spell', 'ticker',
            'trigger', 'shout']);
    });
    await step('completion: object ids, elements, attributes, room names, tags', async () => {
        const ids = await conn.sendRequest(P.CompletionRequest.type,
            { ...doc, position: at(hallLines, 7, 'gate"/><action', 1) });
        assert.deepEqual(ids.map((i) => i.label), ['gate']);
        const elems = await conn.sendRequest(P.CompletionRequest.type, { ...doc, position: at(hallLines, 6, 'lever', 2) });
        const names = elems.map((i) => i.label);
        for (const e of ['row', 'flags', 'lever', 'customBlocker', 'monster', 'script', 'vary'])
            assert.ok(names.includes(e), e);
        assert.ok(!names.includes('condition') && !names.includes('roomdb'));
        const attrs = await conn.sendRequest(P.CompletionRequest.type, { ...doc, position: at(hallLines, 6, 'id=') });
        const an = attrs.map((i) => i.label);
        for (const e of ['percent', 'id', 'name', 'can_push', 'activated', 'at', 'x', 'y'])
            assert.ok(an.includes(e), e);
        const rn = await conn.sendRequest(P.CompletionRequest.type, { ...doc, position: at(hallLines, 1, 'Lever') });
        assert.ok(rn.some((i) => i.label === 'Lever Hall' && i.detail === 'room'));
        const tags = await conn.sendRequest(P.CompletionRequest.type, { ...doc, position: at(hallLines, 1, 'hall,') });
        // the open documents' tags first, then the bundled pack's (a subroom may take those)
        assert.deepEqual(tags.slice(0, 2).map((i) => i.label), ['hall', 'puzzle']);
        assert.ok(tags.some((i) => i.label === 'clockwork'));
        assert.equal(new Set(tags.map((i) => i.label)).size, tags.length);
    });
    await step('definition: an id, a script src, an extension type', async () => {
        const id = await conn.sendRequest(P.DefinitionRequest.type,
            { ...doc, position: at(hallLines, 7, 'gate"/><action', 1) });
        assert.deepEqual(id, { uri: hallUri, range: { start: at(hallLines, 6, '<lever'), end: at(hallLines, 6, '<lever') } });
        const src = await conn.sendRequest(P.DefinitionRequest.type, { ...doc, position: at(hallLines, 8, 'hall.lua') });
        assert.deepEqual(src, { uri: 'file://' + path.join(rooms, 'lua', 'hall.lua'),
            range: { start: pos(0, 0), end: pos(0, 0) } });
        const glow = fs.readFileSync(path.join(scripts, 'glow.lua'), 'utf8').split('\n');
        await change(hallUri, hallText.replace('action_type="remove"', 'action_type="shout"'));
        const ext = await conn.sendRequest(P.DefinitionRequest.type, { ...doc, position: at(hallLines, 7, 'remove', 1) });
        assert.deepEqual(ext, { uri: 'file://' + path.join(scripts, 'glow.lua'),
            range: { start: at(glow, 2, 'shout'), end: at(glow, 2, 'shout') } });
        await change(hallUri, hallText);
    });
    await step('document symbols: the rooms of the file', async () => {
        const two = hallText.replace('</roomdb>', '  <room name="Side" width="3" height="3">\n' +
            '    <row text="#d#"/>\n    <row text="d.#"/>\n    <row text="###"/>\n  </room>\n</roomdb>');
        await change(hallUri, two);
        const r = await conn.sendRequest(P.DocumentSymbolRequest.type, doc);
        assert.deepEqual(r.map((s) => [s.name, s.kind, s.range.start.line, s.range.end.line]),
            [['Lever Hall', P.SymbolKind.Class, 1, 10], ['Side', P.SymbolKind.Class, 10, 16]]);
        assert.deepEqual(r[0].selectionRange, { start: pos(1, 2), end: pos(1, 3) });
        await change(hallUri, hallText);
    });
    await step('positions: UTF-16 units after a character past U+FFFF', async () => {
        const lines = hallLines.slice();
        lines[1] = '  <room name="Lever \u{1D11E} Hall" width="5" height="4" weight="heavy">';
        const p = await change(hallUri, lines.join('\n'));
        assert.equal(p.diagnostics.length, 1);
        assert.equal(p.diagnostics[0].code, 'bad-value');
        assert.deepEqual(p.diagnostics[0].range.start, at(lines, 1, 'weight'));
        await change(hallUri, hallText);
    });
    await step('a Lua room script: lint\'s findings at its own lines', async () => {
        const uri = 'file://' + path.join(rooms, 'lua', 'hall.lua');
        const d = diagnosticsOf(uri);
        await conn.sendNotification(P.DidOpenTextDocumentNotification.type,
            { textDocument: { uri, languageId: 'lua', version: 1, text: '-- a rule\nlocal x = os.exit\n' } });
        const p = await d;
        assert.equal(p.diagnostics.length, 1);
        assert.equal(p.diagnostics[0].code, 'script-forbidden');
        assert.equal(p.diagnostics[0].range.start.line, 1);
        const clean = diagnosticsOf(uri);
        await conn.sendNotification(P.DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 },
            contentChanges: [{ text: fs.readFileSync(path.join(rooms, 'lua', 'hall.lua'), 'utf8') }] });
        assert.deepEqual((await clean).diagnostics, []);
    });
    await step('errors: an unknown method, a closed document', async () => {
        await assert.rejects(conn.sendRequest('roomforge/nosuch', {}), (e) => e.code === -32601);
        await assert.rejects(conn.sendRequest(P.HoverRequest.type,
            { textDocument: { uri: 'file:///nowhere.xml' }, position: pos(0, 0) }), (e) => e.code === -32602);
    });
    await step('shutdown and exit: a clean exit', async () => {
        assert.equal(await conn.sendRequest(P.ShutdownRequest.type), null);
        await conn.sendNotification(P.ExitNotification.type);
        const r = await exited;
        assert.deepEqual(r, { code: 0, signal: null });
    });
    conn.dispose();
    await step('roomforge.toml at the root: its scripts folder and severities; suppression comments', tomlSession);
    console.log(`${passed} passed, ${failures} failed`);
    process.exit(failures ? 1 : 0);
}

// A second server without --scripts, in a pack whose roomforge.toml names
// the scripts folder and makes unknown-id a warning.
async function tomlSession() {
    fs.writeFileSync(path.join(pack, 'roomforge.toml'),
        'scripts = "scripts"\n\n[severity]\nunknown-id = "warning"\n');
    const srv = cp.spawn(rf, ['lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const done = new Promise((resolve) => srv.on('exit', (code) => resolve(code)));
    const c = P.createProtocolConnection(new rpc.StreamMessageReader(srv.stdout),
        new rpc.StreamMessageWriter(srv.stdin));
    const published = [];
    let wake = null;
    c.onNotification(P.PublishDiagnosticsNotification.type, (p) => {
        published.push(p);
        if (wake) wake();
    });
    const next = async () => {
        while (!published.length)
            await new Promise((resolve) => { wake = resolve; });
        return published.shift();
    };
    c.listen();
    await c.sendRequest(P.InitializeRequest.type,
        { processId: process.pid, rootUri: 'file://' + pack, capabilities: {} });
    await c.sendNotification(P.InitializedNotification.type, {});
    const text = hallText.replace('action_type="remove"', 'action_type="shout"')
        .replace('activated" id="gate"', 'activated" id="gaet"');
    await c.sendNotification(P.DidOpenTextDocumentNotification.type,
        { textDocument: { uri: hallUri, languageId: 'xml', version: 1, text } });
    const p = await next();
    assert.deepEqual(p.diagnostics.map((d) => [d.code, d.severity]),
        [['unknown-id', P.DiagnosticSeverity.Warning]]); // shout is known: no unknown-action
    // a suppression comment as typed (not saved) hides the next line's finding
    const lines = text.split('\n'), at = lines.findIndex((l) => l.includes('id="gaet"'));
    const hushed = (codes) => [...lines.slice(0, at),
        '<!-- roomforge: disable-next-line ' + codes + ' -->', ...lines.slice(at)].join('\n');
    await c.sendNotification(P.DidChangeTextDocumentNotification.type,
        { textDocument: { uri: hallUri, version: 2 }, contentChanges: [{ text: hushed('unknown-id') }] });
    assert.deepEqual((await next()).diagnostics, []);
    await c.sendNotification(P.DidChangeTextDocumentNotification.type,
        { textDocument: { uri: hallUri, version: 3 }, contentChanges: [{ text: hushed('unknwn-id') }] });
    const wrong = (await next()).diagnostics;
    assert.deepEqual(wrong.map((d) => [d.code, d.range.start.line]),
        [['unknown-id', at + 1], ['unknown-suppression', at]]);
    assert.ok(wrong[1].message.includes("did you mean 'unknown-id'"), wrong[1].message);
    await c.sendRequest(P.ShutdownRequest.type);
    await c.sendNotification(P.ExitNotification.type);
    assert.equal(await done, 0);
    c.dispose();
    fs.unlinkSync(path.join(pack, 'roomforge.toml'));
}

const guard = setTimeout(() => { console.log('lsp test: timed out'); child.kill(); process.exit(1); }, 60000);
guard.unref();
main().catch((e) => { console.log('FAIL ' + e.stack); child.kill(); process.exit(1); });
