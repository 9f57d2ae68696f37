/* tests/unit/file_fixture.h: whole files in and out, for suites that copy
 * bundled content into a temporary folder to change it (test_level,
 * test_orient). Each asserts: a test fails at the call that could not. */
#ifndef RF_FILE_FIXTURE_H
#define RF_FILE_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rf_test.h"

/* All of path, NUL-terminated (*len its bytes; free it). */
static inline char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
    n = ftell(f);
    ck_assert_int_ge(n, 0);
    rewind(f);
    buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return buf;
}

/* Writes len bytes of buf as the whole of path. */
static inline void spill(const char *path, const char *buf, size_t len)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(buf, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
}

#ifdef RF_SOURCE_DIR
/* A profiles file made of xml (xml_len bytes) in the folder dir, beside a
 * copy of the bundled recipe file it names (levels/caverns.lua); its path
 * into path (cap bytes). */
static inline void profiles_tree(const char *dir, const char *xml, size_t xml_len, char *path,
                                 size_t cap)
{
    size_t lua_len;
    char *lua = slurp(RF_SOURCE_DIR "/content/levels/caverns.lua", &lua_len);
    snprintf(path, cap, "%s/levels", dir);
    ck_assert_int_eq(mkdir(path, 0700), 0);
    snprintf(path, cap, "%s/levels/caverns.lua", dir);
    spill(path, lua, lua_len);
    free(lua);
    snprintf(path, cap, "%s/profiles.xml", dir);
    spill(path, xml, xml_len);
}

/* Removes what profiles_tree made, and dir. */
static inline void rm_profiles_tree(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/levels/caverns.lua", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/levels", dir);
    rmdir(path);
    snprintf(path, sizeof path, "%s/profiles.xml", dir);
    unlink(path);
    rmdir(dir);
}
#endif

#endif /* RF_FILE_FIXTURE_H */
