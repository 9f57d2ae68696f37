/* tests/unit/test_fs.c: unit tests for engine/src/core/fs.c, the bounded
 * whole-file reads and sorted directory walks every reader and the CLI use:
 * limits, missing files, directories, empty files, a file rewritten under the
 * read, walk order (byte-wise, the same on every machine), recursion,
 * suffixes, normalised paths, links out of a pack, folders too deep, and out
 * of memory. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/seam.h"
#include "rf_test.h"
#include "roomforge/fs.h"

static char root[64];

static void put(const char *rel, const char *text)
{
    char p[256];
    FILE *f;
    snprintf(p, sizeof p, "%s/%s", root, rel);
    f = fopen(p, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static void dir(const char *rel)
{
    char p[256];
    snprintf(p, sizeof p, "%s/%s", root, rel);
    ck_assert_int_eq(mkdir(p, 0755), 0);
}

static const char *at(const char *rel)
{
    static char p[256];
    snprintf(p, sizeof p, "%s/%s", root, rel);
    return p;
}

/* A tree whose names sort differently byte-wise and by locale. */
static void setup(void)
{
    strcpy(root, "/tmp/rf_test_fs.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(root));
    put("b.xml", "<b/>");
    put("a.xml", "<a/>");
    put("A.xml", "<A/>");
    put("a-b.xml", "<ab/>");
    put("c.txt", "c");
    put(".hidden.xml", "h");
    put("empty", "");
    put("ten", "0123456789");
    dir("sub");
    dir("sub/deeper");
    put("sub/z.xml", "z");
    put("sub/deeper/y.xml", "y");
    dir("dir.xml");
    put("dir.xml/q.xml", "q");
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    ck_assert_int_eq(system(cmd), 0);
}

/* The walk's paths relative to root, joined by spaces. */
static const char *names(const rf_fs_list *l)
{
    static char out[1024];
    size_t i, k = strlen(root) + 1;
    out[0] = '\0';
    for (i = 0; i < rf_fs_list_count(l); i++) {
        if (i)
            strcat(out, " ");
        strcat(out, rf_fs_list_at(l, i) + k);
    }
    return out;
}

START_TEST(a_file_is_read_whole_and_nul_terminated)
{
    char *b = NULL;
    size_t n = 0;
    ck_assert_int_eq(rf_fs_read(at("ten"), 100, &b, &n, NULL), RF_OK);
    ck_assert_uint_eq(n, 10);
    ck_assert_str_eq(b, "0123456789");
    rf_fs_free(b);
}
END_TEST

START_TEST(a_file_at_the_limit_reads_one_past_it_is_refused)
{
    char *b = (char *)"untouched";
    size_t n = 7;
    int why = 0;
    ck_assert_int_eq(rf_fs_read(at("ten"), 10, &b, &n, &why), RF_OK);
    rf_fs_free(b);
    b = (char *)"untouched";
    n = 0; /* over the limit, *len gets the size seen */
    ck_assert_int_eq(rf_fs_read(at("ten"), 9, &b, &n, &why), RF_ERR_LIMIT);
    ck_assert_int_eq(why, EFBIG);
    ck_assert_str_eq(b, "untouched");
    ck_assert_uint_eq(n, 10);
    ck_assert_int_eq(rf_fs_read(at("ten"), 0, &b, &n, NULL), RF_ERR_LIMIT);
}
END_TEST

START_TEST(a_missing_file_or_a_directory_is_an_io_error_that_says_why)
{
    char *b = NULL;
    size_t n = 0;
    int why = 0;
    ck_assert_int_eq(rf_fs_read(at("none"), 100, &b, &n, &why), RF_ERR_IO);
    ck_assert_int_eq(why, ENOENT);
    ck_assert_int_eq(rf_fs_read(at("sub"), 100, &b, &n, &why), RF_ERR_IO);
    ck_assert_int_eq(why, EISDIR);
    ck_assert_ptr_null(b);
    ck_assert_int_eq(rf_fs_read_head(at("sub"), (char[8]){0}, 8, &n, &why), RF_ERR_IO);
    ck_assert_int_eq(why, EISDIR);
    ck_assert_int_eq(rf_fs_read(NULL, 100, &b, &n, &why), RF_ERR_ARG);
    ck_assert_int_eq(rf_fs_read(at("ten"), 100, NULL, &n, &why), RF_ERR_ARG);
}
END_TEST

START_TEST(an_empty_file_reads_as_an_empty_string)
{
    char *b = NULL;
    size_t n = 9;
    ck_assert_int_eq(rf_fs_read(at("empty"), 0, &b, &n, NULL), RF_OK);
    ck_assert_ptr_nonnull(b);
    ck_assert_uint_eq(n, 0);
    ck_assert_str_eq(b, "");
    rf_fs_free(b);
}
END_TEST

/* A FIFO with no writer would block an open for ever, a device may never
 * end: both are refused at once, before any read, and say why. */
START_TEST(a_fifo_or_a_device_is_refused_without_blocking)
{
    char *b = NULL, head[8];
    size_t n = 7;
    int why = 0;
    ck_assert_int_eq(mkfifo(at("fifo"), 0600), 0);
    ck_assert_int_eq(rf_fs_read(at("fifo"), 100, &b, &n, &why), RF_ERR_IO);
    ck_assert_int_eq(why, RF_FS_ENOTREG);
    ck_assert_ptr_null(b);
    ck_assert_uint_eq(n, 7);
    ck_assert_int_eq(rf_fs_read_head(at("fifo"), head, sizeof head, &n, &why), RF_ERR_IO);
    ck_assert_int_eq(why, RF_FS_ENOTREG);
    ck_assert_int_eq(rf_fs_read("/dev/zero", 100, &b, &n, &why), RF_ERR_IO);
    ck_assert_int_eq(why, RF_FS_ENOTREG);
    ck_assert_str_eq(rf_fs_why(RF_FS_ENOTREG), "not a regular file (a pipe, device or socket)");
    ck_assert_str_eq(rf_fs_why(ENOENT), strerror(ENOENT));
    unlink(at("fifo"));
}
END_TEST

START_TEST(inside_resolves_links_before_it_compares)
{
    char sibling[300];
    ck_assert(rf_fs_inside(root, at("sub/z.xml")));
    ck_assert(rf_fs_inside(root, at("sub/../ten")));
    ck_assert(!rf_fs_inside(at("sub"), at("sub/../ten")));
    ck_assert(!rf_fs_inside(root, "/etc/passwd"));
    ck_assert(!rf_fs_inside(root, at("no-such")));
    ck_assert(!rf_fs_inside(root, root)); /* a file inside, not the root itself */
    ck_assert_int_eq(symlink("/etc/passwd", at("sub/passwd.lua")), 0);
    ck_assert(!rf_fs_inside(root, at("sub/passwd.lua")));
    ck_assert_int_eq(symlink("../ten", at("sub/ten.lua")), 0);
    ck_assert(rf_fs_inside(root, at("sub/ten.lua")));
    ck_assert(!rf_fs_inside(at("sub"), at("sub/ten.lua")));
    /* a sibling whose name starts like the root is not inside it */
    snprintf(sibling, sizeof sibling, "%sx", root);
    ck_assert(!rf_fs_inside(root, sibling));
    unlink(at("sub/passwd.lua"));
    unlink(at("sub/ten.lua"));
}
END_TEST

START_TEST(a_head_is_the_first_bytes_of_a_file_of_any_size)
{
    char buf[5];
    size_t n = 0;
    ck_assert_int_eq(rf_fs_read_head(at("ten"), buf, sizeof buf, &n, NULL), RF_OK);
    ck_assert_uint_eq(n, 4);
    ck_assert_str_eq(buf, "0123");
    ck_assert_int_eq(rf_fs_read_head(at("empty"), buf, sizeof buf, &n, NULL), RF_OK);
    ck_assert_uint_eq(n, 0);
}
END_TEST

START_TEST(a_walk_is_sorted_byte_wise)
{
    rf_fs_list *l = NULL;
    ck_assert_int_eq(rf_fs_walk(root, ".xml", 0, &l, NULL), RF_OK);
    /* 'A' < 'a', '-' < '.': not the order of any locale's collation */
    ck_assert_str_eq(names(l), "A.xml a-b.xml a.xml b.xml");
    ck_assert_int_eq(rf_fs_list_error(l, 0), 0);
    ck_assert_ptr_null(rf_fs_list_at(l, 4));
    rf_fs_list_free(l);
    ck_assert_int_eq(rf_fs_walk(root, NULL, 0, &l, NULL), RF_OK);
    ck_assert_str_eq(names(l), "A.xml a-b.xml a.xml b.xml c.txt empty ten");
    rf_fs_list_free(l);
    ck_assert_int_eq(rf_fs_walk(root, ".xml", RF_FS_WALK_HIDDEN, &l, NULL), RF_OK);
    ck_assert_str_eq(names(l), ".hidden.xml A.xml a-b.xml a.xml b.xml");
    rf_fs_list_free(l);
}
END_TEST

START_TEST(a_recursive_walk_descends_where_a_directory_sorts)
{
    rf_fs_list *l = NULL;
    ck_assert_int_eq(rf_fs_walk(root, ".xml", RF_FS_WALK_RECURSIVE, &l, NULL), RF_OK);
    ck_assert_str_eq(names(l),
                     "A.xml a-b.xml a.xml b.xml dir.xml/q.xml sub/deeper/y.xml sub/z.xml");
    rf_fs_list_free(l);
    ck_assert_int_eq(rf_fs_walk(root, ".txt", RF_FS_WALK_RECURSIVE, &l, NULL), RF_OK);
    ck_assert_str_eq(names(l), "c.txt");
    rf_fs_list_free(l);
    ck_assert_int_eq(rf_fs_walk(root, ".none", RF_FS_WALK_RECURSIVE, &l, NULL), RF_OK);
    ck_assert_uint_eq(rf_fs_list_count(l), 0);
    rf_fs_list_free(l);
}
END_TEST

START_TEST(an_unreadable_subdirectory_is_listed_with_its_error)
{
    rf_fs_list *l = NULL;
    size_t i, bad = 0;
    if (geteuid() == 0)
        return; /* root reads any directory */
    ck_assert_int_eq(chmod(at("sub/deeper"), 0), 0);
    ck_assert_int_eq(rf_fs_walk(root, ".xml", RF_FS_WALK_RECURSIVE, &l, NULL), RF_OK);
    ck_assert_int_eq(chmod(at("sub/deeper"), 0755), 0);
    for (i = 0; i < rf_fs_list_count(l); i++)
        if (rf_fs_list_error(l, i) == EACCES) {
            ck_assert_str_eq(rf_fs_list_at(l, i), at("sub/deeper"));
            bad++;
        }
    ck_assert_uint_eq(bad, 1);
    ck_assert_str_eq(rf_fs_list_at(l, rf_fs_list_count(l) - 1), at("sub/z.xml"));
    rf_fs_list_free(l);
}
END_TEST

START_TEST(a_missing_directory_or_a_file_is_refused_unless_files_are_ok)
{
    rf_fs_list *l = (rf_fs_list *)&l;
    int why = 0;
    ck_assert_int_eq(rf_fs_walk(at("none"), ".xml", 0, &l, &why), RF_ERR_IO);
    ck_assert_int_eq(why, ENOENT);
    ck_assert_ptr_eq(l, (rf_fs_list *)&l);
    ck_assert_int_eq(rf_fs_walk(at("c.txt"), ".xml", 0, &l, &why), RF_ERR_IO);
    ck_assert_int_eq(why, ENOTDIR);
    ck_assert_int_eq(rf_fs_walk(at("c.txt"), ".xml", RF_FS_WALK_FILE_OK, &l, &why), RF_OK);
    ck_assert_uint_eq(rf_fs_list_count(l), 1);
    ck_assert_str_eq(rf_fs_list_at(l, 0), at("c.txt"));
    rf_fs_list_free(l);
    ck_assert_int_eq(rf_fs_walk(NULL, ".xml", 0, &l, &why), RF_ERR_ARG);
    rf_fs_list_free(NULL);
    rf_fs_free(NULL);
}
END_TEST

/* Every allocation of a read and a recursive walk may fail: RF_ERR_NOMEM
 * (why ENOMEM), the out-parameter untouched, nothing leaked (ASan). */
/* Two links to "." in every folder would make 2^17 folders of a walk 16
 * deep; a folder is entered once, and its files are listed once. */
START_TEST(symlink_loops_and_twice_linked_folders_are_walked_once)
{
    rf_fs_list *l = NULL;
    ck_assert_int_eq(symlink(".", at("sub/loop1")), 0);
    ck_assert_int_eq(symlink(".", at("sub/loop2")), 0);
    ck_assert_int_eq(symlink("..", at("sub/deeper/up")), 0);
    ck_assert_int_eq(symlink("sub/deeper", at("again")), 0);
    ck_assert_int_eq(rf_fs_walk(root, ".xml", RF_FS_WALK_RECURSIVE, &l, NULL), RF_OK);
    /* again -> sub/deeper, whose up -> sub: sub is walked there, not again */
    ck_assert_str_eq(names(l), "A.xml a-b.xml a.xml again/up/z.xml again/y.xml b.xml dir.xml/q.xml");
    rf_fs_list_free(l);
    unlink(at("sub/loop1"));
    unlink(at("sub/loop2"));
    unlink(at("sub/deeper/up"));
    unlink(at("again"));
}
END_TEST

START_TEST(out_of_memory_is_a_status_without_leaks)
{
    long k;
    rf_status st = RF_ERR_NOMEM;
    for (k = 1; k < 200 && st == RF_ERR_NOMEM; k++) {
        rf_fs_list *l = NULL;
        int why = 0;
        rf_alloc_fail_after(k);
        st = rf_fs_walk(root, ".xml", RF_FS_WALK_RECURSIVE | RF_FS_WALK_HIDDEN, &l, &why);
        rf_alloc_fail_after(0);
        ck_assert(st == RF_OK || (st == RF_ERR_NOMEM && why == ENOMEM && l == NULL));
        if (st == RF_OK)
            ck_assert_uint_eq(rf_fs_list_count(l), 8);
        rf_fs_list_free(l);
    }
    ck_assert_int_eq(st, RF_OK);
    ck_assert_int_gt(k, 3);
    st = RF_ERR_NOMEM;
    for (k = 1; k < 20 && st == RF_ERR_NOMEM; k++) {
        char *b = NULL;
        size_t n = 0;
        int why = 0;
        rf_alloc_fail_after(k);
        st = rf_fs_read(at("ten"), 100, &b, &n, &why);
        rf_alloc_fail_after(0);
        ck_assert(st == RF_OK || (st == RF_ERR_NOMEM && why == ENOMEM && b == NULL));
        rf_fs_free(b);
    }
    ck_assert_int_eq(st, RF_OK);
}
END_TEST


/* ---- issue 27: a file rewritten under the read, links out, too deep ---- */

#define RACE_READS 2000
#define RACE_A 40000 /* bytes of the one version ('a') */
#define RACE_B 9000  /* and of the other ('b') */

typedef struct rewriter {
    const char *path;
    volatile int stop;
    long rewrites;
} rewriter;

/* Rewrites the file in place (truncate, then write) with two versions of
 * two sizes, turn about, until told to stop. */
static void *rewrite_loop(void *arg)
{
    rewriter *r = arg;
    static char a[RACE_A], b[RACE_B];
    memset(a, 'a', sizeof a);
    memset(b, 'b', sizeof b);
    while (!r->stop) {
        FILE *f = fopen(r->path, "wb"); /* O_TRUNC: the file shrinks to 0 */
        if (!f)
            break;
        if (r->rewrites & 1)
            fwrite(b, 1, sizeof b, f);
        else
            fwrite(a, 1, sizeof a, f);
        fclose(f);
        r->rewrites++;
    }
    return NULL;
}

START_TEST(a_file_rewritten_while_it_is_read_is_read_or_refused_never_a_signal)
{
    rewriter r = {at("race"), 0, 0};
    pthread_t t;
    long i, ok = 0, changed = 0;
    put("race", "start");
    ck_assert_int_eq(pthread_create(&t, NULL, rewrite_loop, &r), 0);
    for (i = 0; i < RACE_READS; i++) {
        char *b = NULL;
        size_t n = 0, k;
        int why = 0;
        rf_status st = rf_fs_read(r.path, 1 << 20, &b, &n, &why);
        if (st == RF_OK) {
            for (k = 0; k < n; k++) /* bytes of the versions only: no hole, no junk */
                ck_assert_msg(b[k] == 'a' || b[k] == 'b' || (n == 5 && b[k] != '\0'),
                              "byte %zu of %zu is %d", k, n, b[k]);
            rf_fs_free(b);
            ok++;
        } else {
            ck_assert_int_eq(st, RF_ERR_IO);
            ck_assert_int_eq(why, RF_FS_ECHANGED);
            ck_assert_str_eq(rf_fs_why(why), "the file changed while it was read");
            changed++;
        }
    }
    r.stop = 1;
    ck_assert_int_eq(pthread_join(t, NULL), 0);
    ck_assert_int_eq(ok + changed, RACE_READS);
    ck_assert_int_gt(r.rewrites, 0);
}
END_TEST

START_TEST(paths_are_normalised)
{
    static const char *const cases[][2] = {
        {"rooms/", "rooms"},          {"rooms//x.xml", "rooms/x.xml"}, {"./rooms/./x", "rooms/x"},
        {"./", "."},                  {".", "."},                      {"", "."},
        {"/", "/"},                   {"//a//", "/a"},                 {"a/../b", "a/../b"},
        {".hidden/./x", ".hidden/x"}, {"a/.b/", "a/.b"},              {"/./a/.", "/a"},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[64];
        strcpy(buf, cases[i][0]);
        ck_assert_str_eq(rf_fs_path_normalise(buf), cases[i][1]);
    }
}
END_TEST

START_TEST(a_walk_gives_normalised_paths)
{
    char top[128];
    rf_fs_list *l = NULL;
    snprintf(top, sizeof top, "%s//sub/./", root);
    ck_assert_int_eq(rf_fs_walk(top, ".xml", RF_FS_WALK_RECURSIVE, &l, NULL), RF_OK);
    ck_assert_uint_eq(rf_fs_list_count(l), 2);
    ck_assert_str_eq(rf_fs_list_at(l, 0), at("sub/deeper/y.xml"));
    ck_assert_str_eq(rf_fs_list_at(l, 1), at("sub/z.xml"));
    rf_fs_list_free(l);
    ck_assert_int_eq(chdir(root), 0);
    ck_assert_int_eq(rf_fs_walk("./sub/", ".xml", 0, &l, NULL), RF_OK);
    ck_assert_uint_eq(rf_fs_list_count(l), 1);
    ck_assert_str_eq(rf_fs_list_at(l, 0), "sub/z.xml");
    rf_fs_list_free(l);
    ck_assert_int_eq(rf_fs_walk(".", ".txt", 0, &l, NULL), RF_OK);
    ck_assert_str_eq(rf_fs_list_at(l, 0), "c.txt");
    rf_fs_list_free(l);
    ck_assert_int_eq(rf_fs_walk("./a.xml", ".xml", RF_FS_WALK_FILE_OK, &l, NULL), RF_OK);
    ck_assert_str_eq(rf_fs_list_at(l, 0), "a.xml");
    rf_fs_list_free(l);
    ck_assert_int_eq(chdir("/"), 0);
}
END_TEST

/* The fence: links out of the pack are listed with RF_FS_EOUTSIDE, never
 * followed; links inside are followed; unfenced walks follow both. */
START_TEST(a_fenced_walk_lists_links_out_of_the_pack_unread)
{
    char out_dir[128], out_file[160];
    rf_fs_list *l = NULL;
    size_t i;
    snprintf(out_dir, sizeof out_dir, "%s.out", root);
    ck_assert_int_eq(mkdir(out_dir, 0755), 0);
    snprintf(out_file, sizeof out_file, "%s/secret.xml", out_dir);
    fclose(fopen(out_file, "w"));
    ck_assert_int_eq(symlink(out_file, at("sub/evil.xml")), 0);
    ck_assert_int_eq(symlink(out_dir, at("sub/evil_dir")), 0);
    ck_assert_int_eq(symlink(out_file, at("sub/evil.txt")), 0); /* not a .xml: never read */
    ck_assert_int_eq(symlink("../a.xml", at("sub/fine.xml")), 0);
    ck_assert_int_eq(rf_fs_walk_in(NULL, at("sub"), ".xml", RF_FS_WALK_RECURSIVE, &l, NULL),
                     RF_OK);
    /* the pack is sub: ../a.xml is out of it too */
    ck_assert_uint_eq(rf_fs_list_count(l), 5);
    ck_assert_str_eq(rf_fs_list_at(l, 0), at("sub/deeper/y.xml"));
    ck_assert_int_eq(rf_fs_list_error(l, 0), 0);
    ck_assert_str_eq(rf_fs_list_at(l, 1), at("sub/evil.xml"));
    ck_assert_int_eq(rf_fs_list_error(l, 1), RF_FS_EOUTSIDE);
    ck_assert_str_eq(rf_fs_list_at(l, 2), at("sub/evil_dir"));
    ck_assert_int_eq(rf_fs_list_error(l, 2), RF_FS_EOUTSIDE);
    ck_assert_str_eq(rf_fs_list_at(l, 3), at("sub/fine.xml"));
    ck_assert_int_eq(rf_fs_list_error(l, 3), RF_FS_EOUTSIDE);
    ck_assert_str_eq(rf_fs_list_at(l, 4), at("sub/z.xml"));
    rf_fs_list_free(l);
    /* fenced at root, sub/fine.xml stays inside */
    ck_assert_int_eq(rf_fs_walk_in(root, at("sub"), ".xml", 0, &l, NULL), RF_OK);
    for (i = 0; i < rf_fs_list_count(l); i++)
        if (strcmp(rf_fs_list_at(l, i), at("sub/fine.xml")) == 0)
            ck_assert_int_eq(rf_fs_list_error(l, i), 0);
        else if (strcmp(rf_fs_list_at(l, i), at("sub/evil.xml")) == 0)
            ck_assert_int_eq(rf_fs_list_error(l, i), RF_FS_EOUTSIDE);
    rf_fs_list_free(l);
    /* a file given is its folder's pack */
    ck_assert_int_eq(rf_fs_walk_in(NULL, at("sub/evil.xml"), ".xml", RF_FS_WALK_FILE_OK, &l, NULL),
                     RF_OK);
    ck_assert_uint_eq(rf_fs_list_count(l), 1);
    ck_assert_int_eq(rf_fs_list_error(l, 0), RF_FS_EOUTSIDE);
    rf_fs_list_free(l);
    ck_assert_int_eq(rf_fs_walk_in(NULL, at("a.xml"), ".xml", RF_FS_WALK_FILE_OK, &l, NULL), RF_OK);
    ck_assert_int_eq(rf_fs_list_error(l, 0), 0);
    rf_fs_list_free(l);
    /* unfenced, the links are followed as before */
    ck_assert_int_eq(rf_fs_walk(at("sub"), ".xml", RF_FS_WALK_RECURSIVE, &l, NULL), RF_OK);
    for (i = 0; i < rf_fs_list_count(l); i++)
        ck_assert_int_eq(rf_fs_list_error(l, i), 0);
    ck_assert_str_eq(rf_fs_list_at(l, 2), at("sub/evil_dir/secret.xml"));
    rf_fs_list_free(l);
    ck_assert_str_eq(rf_fs_why(RF_FS_EOUTSIDE),
                     "a symbolic link whose target lies outside the pack");
    unlink(out_file);
    rmdir(out_dir);
}
END_TEST

START_TEST(a_folder_too_deep_is_listed_never_skipped)
{
    char rel[256] = "sub";
    rf_fs_list *l = NULL;
    int depth;
    size_t n;
    for (depth = 1; depth <= RF_FS_WALK_MAX_DEPTH + 1; depth++) { /* sub is level 1 */
        strcat(rel, "/d");
        dir(rel);
    }
    strcat(rel, "/deep.xml");
    put(rel, "x");
    ck_assert_int_eq(rf_fs_walk(root, ".xml", RF_FS_WALK_RECURSIVE, &l, NULL), RF_OK);
    n = rf_fs_list_count(l);
    ck_assert_uint_eq(n, 8); /* A a-b a b dir.xml/q sub/d...(too deep) sub/deeper/y sub/z */
    ck_assert_int_eq(rf_fs_list_error(l, 5), RF_FS_ETOODEEP);
    ck_assert_uint_eq(strlen(rf_fs_list_at(l, 5)), strlen(at("sub")) + 2 * RF_FS_WALK_MAX_DEPTH);
    rf_fs_list_free(l);
    /* walked from a level lower, the file is found */
    ck_assert_int_eq(rf_fs_walk(at("sub/d"), ".xml", RF_FS_WALK_RECURSIVE, &l, NULL), RF_OK);
    ck_assert_int_eq(rf_fs_list_error(l, 0), 0);
    ck_assert_ptr_nonnull(strstr(rf_fs_list_at(l, 0), "/d/deep.xml"));
    rf_fs_list_free(l);
}
END_TEST

static Suite *fs_suite(void)
{
    Suite *s = suite_create("fs");
    TCase *tr = tcase_create("read");
    TCase *tw = tcase_create("walk");
    tcase_add_checked_fixture(tr, setup, teardown);
    tcase_add_test(tr, a_file_is_read_whole_and_nul_terminated);
    tcase_add_test(tr, a_file_at_the_limit_reads_one_past_it_is_refused);
    tcase_add_test(tr, a_missing_file_or_a_directory_is_an_io_error_that_says_why);
    tcase_add_test(tr, an_empty_file_reads_as_an_empty_string);
    tcase_add_test(tr, a_fifo_or_a_device_is_refused_without_blocking);
    tcase_add_test(tr, inside_resolves_links_before_it_compares);
    tcase_add_test(tr, a_head_is_the_first_bytes_of_a_file_of_any_size);
    tcase_add_test(tr, a_file_rewritten_while_it_is_read_is_read_or_refused_never_a_signal);
    suite_add_tcase(s, tr);
    tcase_add_checked_fixture(tw, setup, teardown);
    tcase_add_test(tw, a_walk_is_sorted_byte_wise);
    tcase_add_test(tw, a_recursive_walk_descends_where_a_directory_sorts);
    tcase_add_test(tw, an_unreadable_subdirectory_is_listed_with_its_error);
    tcase_add_test(tw, a_missing_directory_or_a_file_is_refused_unless_files_are_ok);
    tcase_add_test(tw, out_of_memory_is_a_status_without_leaks);
    tcase_add_test(tw, symlink_loops_and_twice_linked_folders_are_walked_once);
    tcase_add_test(tw, paths_are_normalised);
    tcase_add_test(tw, a_walk_gives_normalised_paths);
    tcase_add_test(tw, a_fenced_walk_lists_links_out_of_the_pack_unread);
    tcase_add_test(tw, a_folder_too_deep_is_listed_never_skipped);
    suite_add_tcase(s, tw);
    return s;
}
RF_TEST_MAIN(fs_suite)
