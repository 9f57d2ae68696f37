/* tools/roomforge.c: the roomforge command: dispatches to one subcommand.
 *
 * Pipeline: CLI over libroomforge; each subcommand lives in tools/cli/cmd_*.c.
 * Exit codes (DESIGN 5): 0 success, 1 content errors or failed expectations,
 * 2 usage or I/O errors.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "roomforge/version.h"

typedef struct command {
    const char *name;
    cli_cmd_fn run;
    const char *synopsis;
} command;

static const command commands[] = {
#define RF_COMMAND(name, fn, synopsis) {name, fn, synopsis},
#include "commands.def"
#undef RF_COMMAND
    {NULL, NULL, NULL},
};

static void usage(FILE *out)
{
    size_t i;
    fputs("usage: roomforge COMMAND [OPTIONS]\n"
          "       roomforge --help | --version\n"
          "A data-driven room-template engine for roguelike levels: rooms.xml content,\n"
          "Lua rules and level recipes, procedural levels with hand-made rooms in them.\n"
          "\ncommands:\n",
          out);
    for (i = 0; commands[i].name; i++)
        fprintf(out, "  %s\n", commands[i].synopsis);
    fputs("\noptions:\n"
          "  -h, --help     print this help and exit (also: roomforge help)\n"
          "  --version      print the version and exit\n"
          "\nroomforge COMMAND --help lists a command's options; man roomforge-COMMAND\n"
          "tells more. Exit: 0 success, 1 content errors or failed expectations,\n"
          "2 usage or I/O errors.\n",
          out);
}

int main(int argc, char **argv)
{
    size_t i;
    if (argc < 2) {
        usage(stderr);
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return CLI_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("roomforge %s\n", rf_version(NULL, NULL, NULL));
        return CLI_OK;
    }
    for (i = 0; commands[i].name; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "roomforge: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return CLI_USAGE;
}
