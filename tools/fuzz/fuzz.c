/* tools/fuzz/fuzz.c: a deterministic mutation fuzzer for roomforge's readers.
 *
 * Usage: fuzz TARGET [--iterations N] [--seed S] [--ext .xml] PATH...
 *        fuzz TARGET --dict  (the target's tokens as a libFuzzer dictionary)
 * Pipeline: seed files -> mutants (the "fuzz" stream of S) -> a target of
 * fuzz_targets.c; CTest runs it plain and sanitized. A bad status saves
 * fuzz-failure-TARGET.bin and exits 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "roomforge/fs.h"
#include "core/seam.h"

#define MAX_INPUT (256u << 10) /* mutants stop growing here */
#define MAX_SEEDS 4096

typedef struct blob {
    char *bytes;
    size_t len;
} blob;

static blob seeds[MAX_SEEDS];
static size_t nseeds;

/* Adds path, or the files of folder path ending in ext, in name order (the
 * first MAX_SEEDS); a file that cannot be read (or is over MAX_INPUT) fails
 * when given by name and is skipped in a folder. */
static bool add_seeds(const char *path, const char *ext)
{
    rf_fs_list *files = NULL;
    size_t i;
    bool ok = true;
    if (rf_fs_walk(path, ext, RF_FS_WALK_FILE_OK, &files, NULL) != RF_OK)
        return false;
    for (i = 0; i < rf_fs_list_count(files) && nseeds < MAX_SEEDS; i++) {
        const char *f = rf_fs_list_at(files, i);
        blob *b = &seeds[nseeds];
        if (rf_fs_read(f, MAX_INPUT, &b->bytes, &b->len, NULL) == RF_OK)
            nseeds++;
        else if (strcmp(f, path) == 0)
            ok = false;
    }
    rf_fs_list_free(files);
    return ok;
}

/* The kth '|'-separated token of the dictionary, its length in *len. */
static const char *token(const char *dict, size_t k, size_t *len)
{
    const char *p = dict, *bar;
    while (k-- > 0 && (bar = strchr(p, '|')) != NULL)
        p = bar + 1;
    bar = strchr(p, '|');
    *len = bar ? (size_t)(bar - p) : strlen(p);
    return p;
}

static size_t count_tokens(const char *dict)
{
    size_t n = 1;
    for (; *dict; dict++)
        n += *dict == '|';
    return n;
}

/* Replaces [at, at + cut) of b by n bytes of src (src may be NULL: n copies
 * of byte fill), within MAX_INPUT. */
static void splice(blob *b, size_t at, size_t cut, const char *src, size_t n, char fill)
{
    char *nb;
    if (b->len - cut + n > MAX_INPUT)
        return;
    nb = malloc(b->len - cut + n + 1);
    if (!nb)
        return;
    memcpy(nb, b->bytes, at);
    if (src)
        memcpy(nb + at, src, n);
    else
        memset(nb + at, fill, n);
    memcpy(nb + at + n, b->bytes + at + cut, b->len - at - cut);
    free(b->bytes);
    b->bytes = nb;
    b->len = b->len - cut + n;
}

static void mutate(blob *b, const fuzz_target *t, rf_rng *r)
{
    size_t at = b->len ? rf_rng_below(r, (uint32_t)b->len + 1) : 0;
    size_t rest = b->len - at, n, k;
    const char *p;
    switch (rf_rng_below(r, 7)) {
    case 0: /* flip a bit */
        if (at < b->len)
            b->bytes[at] ^= (char)(1u << rf_rng_below(r, 8));
        break;
    case 1: /* an interesting byte */
        if (at < b->len) {
            static const char bytes[] = {0, '<', '>', '"', '\'', '&', '-', '9', '\n', (char)0xff};
            b->bytes[at] = bytes[rf_rng_below(r, sizeof bytes)];
        }
        break;
    case 2: /* delete a run */
        splice(b, at, rest ? rf_rng_below(r, (uint32_t)(rest < 64 ? rest : 64) + 1) : 0, NULL, 0,
               0);
        break;
    case 3: /* duplicate a run */
        n = rest ? rf_rng_below(r, (uint32_t)(rest < 256 ? rest : 256) + 1) : 0;
        if (n) {
            char *copy = malloc(n);
            if (copy) {
                memcpy(copy, b->bytes + at, n);
                splice(b, at, 0, copy, n, 0);
                free(copy);
            }
        }
        break;
    case 4: { /* a long run of one byte (the byte drawn first: one draw a statement) */
        char c = (char)('a' + rf_rng_below(r, 26));
        splice(b, at, 0, NULL, 1 + rf_rng_below(r, 2000), c);
        break;
    }
    case 5: /* a splice of another seed */
        k = rf_rng_below(r, (uint32_t)nseeds);
        if (seeds[k].len) {
            size_t from = rf_rng_below(r, (uint32_t)seeds[k].len);
            n = rf_rng_below(r, (uint32_t)(seeds[k].len - from)) + 1;
            splice(b, at, 0, seeds[k].bytes + from, n, 0);
        }
        break;
    default: /* a token of the target's dictionary */
        p = token(t->tokens, rf_rng_below(r, (uint32_t)count_tokens(t->tokens)), &n);
        splice(b, at, 0, p, n, 0);
    }
}

static int fail(const fuzz_target *t, const blob *b, const char *what)
{
    char name[96];
    FILE *f;
    snprintf(name, sizeof name, "fuzz-failure-%s.bin", t->name);
    f = fopen(name, "wb");
    if (f) {
        fwrite(b->bytes, 1, b->len, f);
        fclose(f);
    }
    fprintf(stderr, "fuzz %s: %s; input saved as %s\n", t->name, what, name);
    return 1;
}

/* Prints t's tokens in libFuzzer's dictionary format: one "..." a line,
 * bytes outside printable ASCII (and quote, backslash) as \xNN. */
static int write_dict(const fuzz_target *t)
{
    size_t k, n = count_tokens(t->tokens), len, i;
    for (k = 0; k < n; k++) {
        const char *tok = token(t->tokens, k, &len);
        if (len == 0)
            continue;
        putchar('"');
        for (i = 0; i < len; i++) {
            unsigned char c = (unsigned char)tok[i];
            if (c < 0x20 || c > 0x7e || c == '"' || c == '\\')
                printf("\\x%02X", c);
            else
                putchar(c);
        }
        puts("\"");
    }
    return ferror(stdout) ? 2 : 0;
}

int main(int argc, char **argv)
{
    const fuzz_target *t = argc > 1 ? fuzz_target_find(argv[1]) : NULL;
    const char *ext = NULL;
    long iterations = 1000, i;
    unsigned long long seed = 1;
    rf_rng rng;
    int k;
    if (!t) {
        fputs("usage: fuzz rooms|profiles|recipe|rooms-file|scenario|script [--iterations N]"
              " [--seed S] [--ext .xml] PATH...\n       fuzz TARGET --dict\n", stderr);
        return 2;
    }
    if (argc == 3 && strcmp(argv[2], "--dict") == 0)
        return write_dict(t);
    for (k = 2; k < argc; k++) {
        if (strcmp(argv[k], "--iterations") == 0 && k + 1 < argc)
            iterations = strtol(argv[++k], NULL, 10);
        else if (strcmp(argv[k], "--seed") == 0 && k + 1 < argc)
            seed = strtoull(argv[++k], NULL, 10);
        else if (strcmp(argv[k], "--ext") == 0 && k + 1 < argc)
            ext = argv[++k];
        else if (!add_seeds(argv[k], ext)) {
            fprintf(stderr, "fuzz: cannot read %s\n", argv[k]);
            return 2;
        }
    }
    if (getenv("RF_SANITIZED") && *getenv("RF_SANITIZED") && iterations > 10)
        iterations /= 10; /* sanitized builds run ten times slower */
    if (nseeds == 0) {
        fputs("fuzz: no seed files\n", stderr);
        return 2;
    }
    for (i = 0; i < (long)nseeds; i++)
        if (!t->run(seeds[i].bytes, seeds[i].len))
            return fail(t, &seeds[i], "a seed file as it is");
    rf_rng_seed_named(&rng, seed, "fuzz");
    for (i = 0; i < iterations; i++) {
        blob b;
        int edits = 1 + (int)rf_rng_below(&rng, 1 + rf_rng_below(&rng, 8)), e; /* mostly few */
        const blob *s = &seeds[rf_rng_below(&rng, (uint32_t)nseeds)];
        b.len = s->len;
        b.bytes = malloc(s->len + 1);
        if (!b.bytes)
            return 2;
        memcpy(b.bytes, s->bytes, s->len);
        for (e = 0; e < edits; e++)
            mutate(&b, t, &rng);
        if (!t->run(b.bytes, b.len)) {
            int rc = fail(t, &b, "an undocumented status");
            fprintf(stderr, "replay: iteration %ld of --seed %llu\n", i, seed);
            free(b.bytes);
            return rc;
        }
        free(b.bytes);
    }
    printf("fuzz %s: %zu seed files, %ld mutants, no failure\n", t->name, nseeds, iterations);
    for (i = 0; i < (long)nseeds; i++)
        rf_fs_free(seeds[i].bytes);
    return 0;
}
