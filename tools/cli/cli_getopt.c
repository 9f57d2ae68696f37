/* tools/cli/cli_getopt.c: cli_getopt, getopt_long(3) over a command's
 * option tables.
 *
 * Pipeline: CLI only; every command parses its argv here. Design: long
 * options answer 256 + their row, short ones their letter; the option string
 * opens with '-' (other arguments come back in order, as 1) and ':' (a
 * missing value comes back as ':'), so every refusal is worded here or by
 * the option's own take, never by libc; -o=FILE is -o FILE, as
 * --name=VALUE is --name VALUE.
 */
#include "cli_getopt.h"

#include <getopt.h>
#include <string.h>

#include "cli.h"

typedef struct row {
    const cli_opt *o;
    void *ctx;
} row;

/* How many long names of lo start with the name of token "--name[=v]". */
static int matches(const struct option *lo, const char *token)
{
    size_t n = strcspn(token + 2, "=");
    int k = 0;
    for (; lo->name; lo++)
        k += strncmp(lo->name, token + 2, n) == 0;
    return k;
}

/* What is wrong with argv[optind - 1] when getopt_long said '?': printed. */
static int refuse(const char *cmd, const struct option *lo, const row *rows, const char *token)
{
    if (optopt >= 256)
        return cli_usage_error(cmd, "--%s takes no value", rows[optopt - 256].o->name);
    if (strncmp(token, "--", 2) == 0 && matches(lo, token) > 1)
        return cli_usage_error(cmd, "option '%s' is ambiguous (see --help)", token);
    if (optopt > 0 && optopt < 256 && token[0] == '-' && token[1] != '-')
        return cli_usage_error(cmd, "unknown option '-%c' (see --help)", optopt);
    return cli_usage_error(cmd, "unknown option '%s' (see --help)", token);
}

/* getopt_long's tables for a command's option sets. */
typedef struct tables {
    struct option lo[CLI_MAX_OPTS + 2];
    row rows[CLI_MAX_OPTS], shorts_row[128]; /* long options by row; short ones by letter */
    char shorts[2 * CLI_MAX_OPTS + 4];
} tables;

/* Fills t from sets: CLI_OK, or CLI_USAGE (printed) past CLI_MAX_OPTS. */
static int build_tables(const char *cmd, const cli_optset *sets, size_t nsets, tables *t)
{
    size_t nl = 0, ns = 3, i;
    memcpy(t->shorts, "-:h", 4);
    memset(t->shorts_row, 0, sizeof t->shorts_row);
    t->lo[nl++] = (struct option){"help", no_argument, NULL, 'h'};
    for (i = 0; i < nsets; i++) {
        const cli_opt *o;
        for (o = sets[i].opts; o->name; o++) {
            if (nl > CLI_MAX_OPTS)
                return cli_usage_error(cmd, "more than %d options: an engine bug", CLI_MAX_OPTS);
            if (o->name[1] == '\0') { /* a short option */
                unsigned char ch = (unsigned char)o->name[0];
                t->shorts[ns++] = (char)ch;
                if (o->value)
                    t->shorts[ns++] = ':';
                t->shorts[ns] = '\0';
                t->shorts_row[ch & 127] = (row){o, sets[i].ctx};
                continue;
            }
            t->rows[nl - 1] = (row){o, sets[i].ctx};
            t->lo[nl] = (struct option){o->name, o->value ? required_argument : no_argument, NULL,
                                        256 + (int)(nl - 1)};
            nl++;
        }
    }
    t->lo[nl] = (struct option){NULL, 0, NULL, 0};
    return CLI_OK;
}

int cli_getopt(const char *cmd, int argc, char **argv, const cli_optset *sets, size_t nsets,
               int (*arg)(const char *cmd, const char *a, void *ctx), void *arg_ctx)
{
    tables t;
    int c, r;
    if ((r = build_tables(cmd, sets, nsets, &t)) != CLI_OK)
        return r;
    optind = 0; /* glibc: start over, whatever an earlier walk left */
    opterr = 0;
    while ((c = getopt_long(argc, argv, t.shorts, t.lo, NULL)) != -1) {
        const row *w = NULL;
        const char *v;
        if (c == 'h')
            return CLI_HELP;
        if (c == '?')
            return refuse(cmd, t.lo, t.rows, argv[optind - 1]);
        if (c == 1) { /* an argument that is no option */
            if (!arg)
                return cli_usage_error(cmd, "unexpected argument '%s' (see --help)", optarg);
            if (arg(cmd, optarg, arg_ctx) < 0)
                return CLI_USAGE;
            continue;
        }
        if (c == ':') /* a value is missing: the take says what it needs */
            w = optopt >= 256 ? &t.rows[optopt - 256] : &t.shorts_row[optopt & 127];
        else
            w = c >= 256 ? &t.rows[c - 256] : &t.shorts_row[c & 127];
        if (!w->o)
            return cli_usage_error(cmd, "unknown option '%s' (see --help)", argv[optind - 1]);
        v = c == ':' ? NULL : optarg;
        if (v && c < 256 && v == argv[optind - 1] + 2 && v[0] == '=')
            v++; /* -o=FILE as --name=VALUE: the value follows '=' */
        r = w->o->take(cmd, v, w->ctx);
        if (r < 0)
            return CLI_USAGE;
    }
    for (; optind < argc; optind++) /* after "--": arguments, whatever they look like */
        if (!arg || arg(cmd, argv[optind], arg_ctx) < 0)
            return arg ? CLI_USAGE
                       : cli_usage_error(cmd, "unexpected argument '%s' (see --help)",
                                         argv[optind]);
    return CLI_OK;
}

int cli_take_one_room(const char *cmd, const char *a, void *slot)
{
    const char **name = slot;
    if (*name)
        return cli_usage_error(cmd, "one ROOM at a time (quote names with spaces)"), -1;
    *name = a;
    return 1;
}
