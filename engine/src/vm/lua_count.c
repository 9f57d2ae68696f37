/* engine/src/vm/lua_count.c: the budget's counting points, written into a
 * chunk's source before it is compiled.
 *
 * Pipeline: vm; rf_luavm_load passes every chunk through it. Design: Lua
 * 5.4 traps every instruction while a count hook is set (issue 33), so the
 * budget is charged at points instead, `__rf(n);`: at every loop body and
 * goto back, and in user chunks every function body, so no code runs twice
 * without passing one. A point charges the tokens its region (function or
 * loop) may run before the next: what it holds but its own loops and
 * functions. No line break is added: every line a message names is the
 * source's. Names starting with "__rf" are reserved.
 */
#include <string.h>

#include "core/seam.h"
#include "vm_int.h"

#define DIGITS 9            /* a point's count, zero-padded */
#define COUNT_MAX 999999999 /* what DIGITS hold: a larger region charges this */
#define DEPTH_MAX 256       /* blocks open at once: above Lua's own limit (200) */
#define HEAD "local __rf = __rf; "

/* A for loop's header runs once: its tokens count in the region around it
 * (K_FOR_HEAD is no region); a while's condition runs every turn. */
enum kind { K_FUNC_HEAD, K_FUNC, K_LOOP_HEAD, K_FOR_HEAD, K_LOOP, K_REPEAT, K_DO, K_IF };

typedef struct {
    enum kind kind;
    long own;     /* tokens of the region itself, nested loops and functions not */
    long inner;   /* tokens of the loops nested in it, at any depth (no functions) */
    size_t point; /* offset of its count in the output, or (size_t)-1 */
    size_t late;  /* the late points when it began: those after may be its */
    int reg;      /* the innermost region at or below it, -1 none: O(1) a token */
    size_t labels; /* the labels when it began: a function's go when it ends */
} block;

typedef struct {
    char *out;
    size_t len, cap;
    block st[DEPTH_MAX];
    int depth, overflow;
    /* points filled when the region at index target ends: at offset at,
     * base plus what the region holds */
    struct late {
        size_t at;
        long base;
        int target;
    } *lates;
    size_t nlates, late_cap;
    bool user, nomem;
    size_t reserved; /* offset in the source of the first reserved name */
    const char *src;
    const char *copied; /* the source before it is in out: runs are copied whole */
    /* labels of the open functions (name, function's block), a goto's label
     * read next, a label's name read next */
    struct label {
        const char *name;
        size_t n;
        int func;
    } *labels;
    size_t nlabels, label_cap;
    const char *go; /* the goto whose label name comes next, or NULL */
    bool colons;    /* a `::` was read: the next name is a label's */
} writer;

static void put(writer *w, const char *s, size_t n)
{
    if (w->nomem || !rf_grow((void **)&w->out, &w->cap, w->len + n + 1, 1)) {
        w->nomem = true;
        return;
    }
    memcpy(w->out + w->len, s, n);
    w->len += n;
}

/* Writes a point at source position pos, ` __rf(999999999); ` (the
 * source before it first), charging the most until its region ends and
 * fill gives its count; the count's offset. */
static size_t put_point(writer *w, const char *pos)
{
    size_t at;
    put(w, w->copied, (size_t)(pos - w->copied));
    w->copied = pos;
    at = w->len + 6;
    put(w, " __rf(999999999); ", 18);
    return at;
}

static void fill(writer *w, size_t at, long n)
{
    int i;
    if (w->nomem || at == (size_t)-1)
        return;
    if (!w->user)
        n = 1; /* the engine's loops: a turn each (their bodies are the engine's, bounded) */
    else if (n > COUNT_MAX || w->overflow)
        n = COUNT_MAX;
    for (i = DIGITS - 1; i >= 0; i--, n /= 10)
        w->out[at + (size_t)i] = (char)('0' + n % 10);
}

static void add_late(writer *w, size_t at, long base, int target)
{
    if (w->nomem ||
        !rf_grow((void **)&w->lates, &w->late_cap, w->nlates + 1, sizeof *w->lates)) {
        w->nomem = true;
        return;
    }
    w->lates[w->nlates].at = at;
    w->lates[w->nlates].base = base;
    w->lates[w->nlates++].target = target;
}

static bool is_region(enum kind k) { return k != K_DO && k != K_IF && k != K_FOR_HEAD; }

/* The innermost region (function or loop) at or below the top, -1 none. */
static int region(const writer *w) { return w->depth ? w->st[w->depth - 1].reg : -1; }

/* The innermost function (the chunk at the bottom): a label's scope. */
static int func_of(const writer *w)
{
    int i;
    for (i = w->depth - 1; i > 0; i--)
        if (w->st[i].kind == K_FUNC || w->st[i].kind == K_FUNC_HEAD)
            return i;
    return 0;
}

static void push(writer *w, enum kind k)
{
    if (w->depth == DEPTH_MAX) {
        w->overflow = 1; /* deeper than Lua compiles: the source is refused */
        return;
    }
    w->st[w->depth].kind = k;
    w->st[w->depth].reg = is_region(k) ? w->depth : region(w);
    w->st[w->depth].own = w->st[w->depth].inner = 0;
    w->st[w->depth].point = (size_t)-1;
    w->st[w->depth].late = w->nlates;
    w->st[w->depth].labels = w->nlabels;
    w->depth++;
}

/* Ends the block on top: a region fills its point and the late points
 * that wait for it; a loop adds what it holds to the region around it. */
static void pop(writer *w)
{
    block *b;
    size_t i, keep;
    int r;
    if (w->depth == 0 || w->overflow)
        return; /* an `end` too many: the compiler says so */
    b = &w->st[--w->depth];
    if (b->kind == K_DO || b->kind == K_IF || b->kind == K_FOR_HEAD)
        return;
    if (b->kind == K_FUNC || b->kind == K_FUNC_HEAD)
        w->nlabels = b->labels; /* its labels are out of every goto's reach */
    fill(w, b->point, b->own + 1);
    for (i = keep = b->late; i < w->nlates; i++) {
        if (w->lates[i].target == w->depth)
            fill(w, w->lates[i].at, w->lates[i].base + b->own + b->inner + 1);
        else
            w->lates[keep++] = w->lates[i];
    }
    w->nlates = keep;
    if (b->kind != K_FUNC && b->kind != K_FUNC_HEAD && (r = region(w)) >= 0)
        w->st[r].inner += b->own + b->inner;
}

/* One token (not a string or comment) counts in the innermost region; the
 * engine's points charge a turn each, whatever their regions hold. */
static void count(writer *w)
{
    int r;
    if (w->user && (r = region(w)) >= 0)
        w->st[r].own++;
}

static bool name_char(unsigned char c)
{
    return c == '_' || (unsigned)((c | 32) - 'a') < 26u || (unsigned)(c - '0') < 10u;
}
static bool digit(unsigned char c) { return (unsigned)(c - '0') < 10u; }

/* The level of a long bracket at s ("[", "=" * level, "["), or -1. */
static int long_open(const char *s, const char *end)
{
    int lv = 0;
    if (s >= end || *s != '[')
        return -1;
    for (s++; s < end && *s == '='; s++)
        lv++;
    return s < end && *s == '[' ? lv : -1;
}

/* End of the long bracket's body and its closing bracket, or end. */
static const char *long_close(const char *s, const char *end, int lv)
{
    for (; s < end; s++) {
        const char *t = s + 1;
        int n = 0;
        if (*s != ']')
            continue;
        while (t < end && *t == '=') {
            t++;
            n++;
        }
        if (n == lv && t < end && *t == ']')
            return t + 1;
    }
    return end;
}

/* End of a quoted string opened by q at s[-1]: past its closing quote, or
 * where it breaks off (a line break, the end: the compiler says so). */
static const char *quoted_end(const char *s, const char *end, char q)
{
    while (s < end) {
        char c = *s++;
        if (c == q || c == '\n' || c == '\r')
            return c == q ? s : s - 1;
        if (c == '\\' && s < end) {
            if (*s == 'z') { /* skips the white space after it, line breaks too */
                s++;
                while (s < end && (*s == ' ' || (*s >= '\t' && *s <= '\r')))
                    s++;
            } else if (*s == '\r' || *s == '\n') {
                char a = *s++;
                if (s < end && (*s == '\r' || *s == '\n') && *s != a)
                    s++;
            } else {
                s++; /* the escaped character; longer escapes are plain text after it */
            }
        }
    }
    return end;
}

/* End of a numeral at s: Lua's own rule, greedy over alphanumerics and
 * dots, and a sign after an exponent mark. */
static const char *number_end(const char *s, const char *end)
{
    bool hex = end - s > 1 && s[0] == '0' && (s[1] | 32) == 'x';
    char prev = 0;
    if (hex)
        s += 2;
    while (s < end) {
        unsigned char c = (unsigned char)*s;
        if ((c == '+' || c == '-') && (hex ? (prev | 32) == 'p' : (prev | 32) == 'e')) {
            prev = (char)c;
            s++;
            continue;
        }
        if (!name_char(c) && c != '.')
            break;
        prev = (char)c;
        s++;
    }
    return s;
}

/* Length of the operator at s: Lua's two- and three-character ones whole. */
static size_t operator_len(const char *s, const char *end)
{
    static const char ops[][4] = {"...", "==", "~=", "<=", ">=", "..", "//", "<<", ">>", "::"};
    size_t i;
    if (end - s < 2 || !strchr(".=~<>/:", *s))
        return 1;
    for (i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        size_t n = ops[i][2] ? 3 : 2;
        if ((size_t)(end - s) >= n && memcmp(s, ops[i], n) == 0)
            return n;
    }
    return 1;
}


/* The keywords that open or close a block or take a point, and those that
 * compile to no instruction of their own (a block's edges, declarations:
 * not counted, so a loop is charged about what it runs). */
enum act { A_NONE, A_GOTO, A_FUNCTION, A_WHILE, A_FOR, A_REPEAT, A_IF, A_DO, A_END, A_UNTIL };
static const struct keyword {
    const char *word;
    size_t len;
    enum act act;
    bool silent;
} keywords[] = {
    {"do", 2, A_DO, true},          {"end", 3, A_END, true},       {"if", 2, A_IF, false},
    {"then", 4, A_NONE, true},      {"else", 4, A_NONE, true},     {"local", 5, A_NONE, true},
    {"function", 8, A_FUNCTION, true}, {"for", 3, A_FOR, false},   {"in", 2, A_NONE, true},
    {"while", 5, A_WHILE, false},   {"repeat", 6, A_REPEAT, true}, {"until", 5, A_UNTIL, true},
    {"goto", 4, A_GOTO, false},
};

static const struct keyword *keyword_of(const char *s, size_t n)
{
    size_t i;
    if (n < 2 || n > 8 || !strchr("defgilrtuw", s[0]))
        return NULL; /* no keyword above starts so */
    for (i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (keywords[i].len == n && keywords[i].word[0] == s[0] &&
            memcmp(s, keywords[i].word, n) == 0)
            return &keywords[i];
    return NULL;
}

/* A label's name, read after `::`: kept while its function is open. */
static void add_label(writer *w, const char *s, size_t n)
{
    if (w->nomem ||
        !rf_grow((void **)&w->labels, &w->label_cap, w->nlabels + 1, sizeof *w->labels)) {
        w->nomem = true;
        return;
    }
    w->labels[w->nlabels].name = s;
    w->labels[w->nlabels].n = n;
    w->labels[w->nlabels++].func = func_of(w);
}

/* The goto at w->go names label s: a point before it when a label of that
 * name stands earlier in its function (the jump may go back: a loop); a
 * jump to a label further on runs nothing twice and takes none. */
static void resolve_goto(writer *w, const char *s, size_t n)
{
    int f = func_of(w);
    size_t i;
    for (i = w->nlabels; i-- > 0 && w->labels[i].func == f;)
        if (w->labels[i].n == n && memcmp(w->labels[i].name, s, n) == 0) {
            add_late(w, put_point(w, w->go), 0, f); /* its label is anywhere in its function */
            break;
        }
    w->go = NULL;
}

/* A keyword or name: what it opens or closes, and the point it takes. */
static void word(writer *w, const char *s, size_t n)
{
    block *top = w->depth ? &w->st[w->depth - 1] : NULL;
    const struct keyword *k = keyword_of(s, n);
    enum act act = k ? k->act : A_NONE;
    if (n >= 4 && memcmp(s, "__rf", 4) == 0 && w->reserved == (size_t)-1)
        w->reserved = (size_t)(s - w->src);
    if (w->go && !k) /* the name of a goto's label */
        resolve_goto(w, s, n);
    else if (w->colons && !k)
        add_label(w, s, n);
    w->colons = false;
    if (act == A_GOTO)
        w->go = s;
    if (!k || !k->silent)
        count(w);
    switch (act) {
    case A_FUNCTION:
        push(w, K_FUNC_HEAD);
        break;
    case A_WHILE:
        push(w, K_LOOP_HEAD);
        break;
    case A_FOR:
        push(w, K_FOR_HEAD);
        break;
    case A_REPEAT:
        push(w, K_REPEAT);
        if (!w->overflow)
            w->st[w->depth - 1].point = put_point(w, s + n);
        break;
    case A_IF:
        push(w, K_IF);
        break;
    case A_DO:
        if (top && (top->kind == K_LOOP_HEAD || top->kind == K_FOR_HEAD)) {
            top->kind = K_LOOP;
            top->reg = w->depth - 1; /* a for's header was no region; its body is */
            top->point = put_point(w, s + n);
        } else {
            push(w, K_DO);
        }
        break;
    case A_END:
        pop(w);
        break;
    case A_UNTIL:
        if (top && top->kind == K_REPEAT) {
            /* the condition after it runs at every turn: charge it the
             * region around, which holds it, on top of the body */
            size_t at = top->point;
            long own = top->own + top->inner;
            top->point = (size_t)-1;
            pop(w);
            add_late(w, at, own + 1, region(w));
        }
        break;
    default:
        break;
    }
}

rf_status rf_vm_count_points(const char *src, size_t len, bool user, char **out, size_t *out_len,
                             size_t *reserved)
{
    writer w;
    const char *s = src, *end = src + len;
    w.out = NULL;
    w.len = w.cap = 0;
    w.depth = w.overflow = 0;
    w.lates = NULL;
    w.nlates = w.late_cap = 0;
    w.labels = NULL;
    w.nlabels = w.label_cap = 0;
    w.go = NULL;
    w.colons = false;
    w.nomem = false;
    w.user = user;
    w.src = src;
    w.reserved = (size_t)-1;
    w.copied = src;
    *out = NULL;
    *out_len = 0;
    *reserved = (size_t)-1;
    put(&w, HEAD, strlen(HEAD));
    /* the chunk: a function whose body starts here, run once a load (by
     * the engine, never by a script: load is forbidden), so no point of
     * its own is needed to bound it */
    push(&w, K_FUNC);
    while (s < end && !w.nomem) {
        const char *t = s;
        unsigned char c = (unsigned char)*s;
        int lv;
        if (c == '-' && end - s > 1 && s[1] == '-') { /* a comment: copied */
            if ((lv = long_open(s + 2, end)) >= 0)
                t = long_close(s + 2 + lv + 2, end, lv);
            else
                for (t = s + 2; t < end && *t != '\n' && *t != '\r'; t++)
                    ;
        } else if (c == '[' && (lv = long_open(s, end)) >= 0) {
            t = long_close(s + lv + 2, end, lv);
            count(&w);
        } else if (c == '"' || c == '\'') {
            t = quoted_end(s + 1, end, (char)c);
            count(&w);
        } else if (digit(c) || (c == '.' && end - s > 1 && digit((unsigned char)s[1]))) {
            t = number_end(s, end);
            count(&w);
        } else if (name_char(c)) {
            for (t = s + 1; t < end && name_char((unsigned char)*t); t++)
                ;
            word(&w, s, (size_t)(t - s));
        } else if (c == ' ' || (c >= '\t' && c <= '\r')) {
            for (t = s + 1; t < end && (*t == ' ' || (*t >= '\t' && *t <= '\r')); t++)
                ;
        } else {
            t = s + operator_len(s, end);
            w.colons = t - s == 2 && c == ':';
            w.go = NULL; /* a goto is followed by its label's name, or is wrong */
            /* separators, closers, a field's dot or bracket, an assignment's
             * sign and a label's colons: no instruction of their own */
            if (t - s > 1 ? c != ':' : !strchr(";,:)]}.[=", c))
                count(&w);
            /* a function's parameters end at the first ')': its body starts */
            if (c == ')' && w.depth && w.st[w.depth - 1].kind == K_FUNC_HEAD) {
                w.st[w.depth - 1].kind = K_FUNC;
                if (w.user)
                    w.st[w.depth - 1].point = put_point(&w, t);
            }
        }
        s = t;
    }
    put(&w, w.copied, (size_t)(end - w.copied));
    while (w.depth > 0 && !w.overflow)
        pop(&w); /* blocks left open (the compiler says so) fill their points */
    *reserved = w.reserved;
    rf_free(w.lates);
    rf_free(w.labels);
    if (w.nomem || w.overflow) {
        rf_free(w.out);
        return w.nomem ? RF_ERR_NOMEM : RF_ERR_LIMIT;
    }
    *out = w.out;
    *out_len = w.len;
    return RF_OK;
}
