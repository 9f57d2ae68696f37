/* engine/src/load/lua_repeat.c: the rules of an inline Lua chunk and how
 * many repeat, read from its text for `show` (lua_repeat_int.h).
 *
 * Pipeline: load -> output. Design: one walk over the text that steps over
 * comments (`--` to the end of the line, `--[[ ]]` and `--[==[ ]==]`) and
 * counts two token shapes: `:rule` followed by `{` or `(`, and the key
 * `["repeat"]` (either quote) followed by `=` and its value.
 */
#include "lua_repeat_int.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

static const char *skip_space(const char *p)
{
    while (*p && isspace((unsigned char)*p))
        p++;
    return p;
}

/* Past a long bracket's closing "]==]" of level n opened before p. */
static const char *skip_long(const char *p, size_t n)
{
    for (; *p; p++) {
        size_t k = 0;
        if (*p != ']')
            continue;
        while (p[1 + k] == '=')
            k++;
        if (k == n && p[1 + k] == ']')
            return p + 2 + k;
    }
    return p;
}

/* p at "--": past the comment. */
static const char *skip_comment(const char *p)
{
    p += 2;
    if (*p == '[') {
        size_t n = 0;
        while (p[1 + n] == '=')
            n++;
        if (p[1 + n] == '[')
            return skip_long(p + 2 + n, n);
    }
    while (*p && *p != '\n')
        p++;
    return p;
}

/* p at '[': whether it opens a ["repeat"] key, *end past its ']'. */
static bool repeat_key(const char *p, const char **end)
{
    const char *q = skip_space(p + 1);
    char quote = *q;
    if ((quote != '"' && quote != '\'') || strncmp(q + 1, "repeat", 6) != 0 || q[7] != quote)
        return false;
    q = skip_space(q + 8);
    if (*q != ']')
        return false;
    *end = q + 1;
    return true;
}

static bool word_at(const char *p, const char *w)
{
    size_t n = strlen(w);
    return strncmp(p, w, n) == 0 && !isalnum((unsigned char)p[n]) && p[n] != '_';
}

void rf_lua_repeat_count(const char *code, size_t *rules, size_t *repeating)
{
    const char *p = code ? code : "";
    *rules = *repeating = 0;
    while (*p) {
        const char *end;
        if (p[0] == '-' && p[1] == '-') {
            p = skip_comment(p);
        } else if (*p == ':' && word_at(skip_space(p + 1), "rule")) {
            const char *q = skip_space(skip_space(p + 1) + 4);
            *rules += *q == '{' || *q == '(';
            p = q;
        } else if (*p == '[' && repeat_key(p, &end)) {
            const char *v = skip_space(end);
            if (*v == '=') {
                v = skip_space(v + 1);
                *repeating += !word_at(v, "false") && !word_at(v, "nil");
            }
            p = v;
        } else {
            p++;
        }
    }
}
