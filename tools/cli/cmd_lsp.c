/* tools/cli/cmd_lsp.c: `roomforge lsp`: the language server over stdin and
 * stdout (LSP 3.17), for rooms.xml, profiles.xml, machines.xml and room Lua.
 *
 * Pipeline: CLI; parses the options and hands stdin and stdout to lsp_serve
 * (tools/lsp/), which lints with rf_lint_buffer. Design: stdout carries the
 * protocol only; anything said to a human goes to stderr (the client's log).
 * Exit (LSP 3.17 "exit"): 0 after shutdown then exit, 1 for an exit without
 * shutdown or the end of input, 2 for a usage error.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_getopt.h"
#include "commands.h"
#include "lsp.h"

static void lsp_help(FILE *out)
{
    fputs("usage: roomforge lsp [--scripts DIR]\n"
          "A language server (LSP 3.17, JSON-RPC over stdin and stdout) for rooms.xml,\n"
          "profiles.xml, machines.xml and room Lua: lint's diagnostics on open and on\n"
          "every change, hover on a map cell or a room name, completion, go to\n"
          "definition, document symbols and quick fixes for every certain did-you-mean.\n"
          "An editor starts it; docs/editors.md shows VS Code, Neovim and Helix. The\n"
          "roomforge.toml at the workspace root sets lint's codes and severities.\n"
          "\n"
          "options:\n"
          "  --scripts DIR            load the designer condition and action types of\n"
          "                           DIR/*.lua (as lint --scripts), offer and find them\n"
          "                           (default: scripts of the workspace's roomforge.toml)\n"
          "  -h, --help               print this help and exit\n"
          "Exit: 0 after shutdown and exit, 1 when the input ends or exit comes without\n"
          "shutdown, 2 usage errors.\n",
          out);
}

static int take_scripts(const char *cmd, const char *v, void *ctx)
{
    if (!v || !*v)
        return cli_usage_error(cmd, "--scripts needs a directory"), -1;
    ((lsp_server *)ctx)->scripts_dir = v;
    return 1;
}

static const cli_opt lsp_opts[] = {{"scripts", true, take_scripts}, {NULL, false, NULL}};

int cmd_lsp(int argc, char **argv)
{
    static const lsp_server zero;
    lsp_server s = zero;
    cli_optset set;
    char bundled[4096];
    const char *data = cli_data_dir();
    int k;
    set.opts = lsp_opts;
    set.ctx = &s;
    k = cli_getopt("lsp", argc, argv, &set, 1, NULL, NULL);
    if (k == CLI_HELP) {
        lsp_help(stdout);
        return CLI_OK;
    }
    if (k != CLI_OK)
        return k;
    /* the bundled rooms: names a mod's rooms replace (hover, completion,
     * definition) */
    if (data && snprintf(bundled, sizeof bundled, "%s/content/rooms", data) < (int)sizeof bundled)
        s.bundled_dir = bundled;
    s.in = stdin;
    s.out = stdout;
    s.log = stderr;
    return lsp_serve(&s);
}
