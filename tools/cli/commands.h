/* tools/cli/commands.h: prototypes of the subcommands listed in commands.def. */
#ifndef RF_COMMANDS_H
#define RF_COMMANDS_H

#define RF_COMMAND(name, fn, synopsis) int fn(int argc, char **argv);
#include "commands.def"
#undef RF_COMMAND

#endif /* RF_COMMANDS_H */
