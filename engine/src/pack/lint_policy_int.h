/* engine/src/pack/lint_policy_int.h: the insides of rf_lint_policy, shared by
 * the filter (lint_policy.c) and the roomforge.toml reader (lint_config.c).
 *
 * Pipeline: pack, around lint. Design: the config's settings are kept as the
 * file said them and laid onto a sink by rf_lint_policy_setup, so the
 * command line can still add to them after the file was read.
 */
#ifndef RF_LINT_POLICY_INT_H
#define RF_LINT_POLICY_INT_H

#include <stddef.h>

#include "roomforge/lint.h"

typedef struct rf_lint_hush { /* one suppressed line of one file */
    int line;
    char *codes; /* space-separated codes, "" for every code */
} rf_lint_hush;

typedef struct rf_lint_scanned { /* a file read for its comments */
    char *file;
    rf_lint_hush *h;
    size_t n, cap;
} rf_lint_scanned;

typedef struct rf_lint_known { /* one baseline entry: "file\ncode\nmessage", how many */
    char *key;
    size_t left;
} rf_lint_known;

typedef struct rf_lint_setting { /* a code's line of the config */
    const char *code; /* the code table's own string */
    int on;           /* 1 enable, 0 disable, -1 untouched */
    int severity;     /* an rf_severity, or -1 untouched */
} rf_lint_setting;

struct rf_lint_policy {
    rf_lint_scanned *files;
    size_t nfiles, files_cap;
    const char *buf_file, *buf_text; /* rf_lint_policy_buffer: a file's text in memory */
    size_t buf_len;
    char **globs; /* "root\0glob": ignore patterns with the folder they are relative to */
    size_t nglobs;
    rf_lint_known *base;
    size_t nbase;
    /* from roomforge.toml */
    char *scripts; /* resolved against the config's folder; NULL: not set */
    int werror;    /* -1 not set */
    rf_lint_setting *settings;
    size_t nsettings;
};

/* Frees what the config set (scripts, settings); the filter's state stays. */
void rf_lint_policy_conf_fini(rf_lint_policy *p);

#endif /* RF_LINT_POLICY_INT_H */
