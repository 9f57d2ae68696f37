#!/bin/sh
# tests/cli/install_check.sh BUILD_DIR CC [CFLAGS]: installs the build into a
# temporary prefix (cmake --install --prefix) and checks what a user of the
# install gets, with no hint of the source tree (ROOMFORGE_DATA unset, run
# from /): the CLI finds the installed content (not the source tree's) and
# lints it clean; roomforge.pc is installed and `pkg-config --cflags --libs
# roomforge` works through PKG_CONFIG_PATH; a small C program compiles
# against the installed header and links the installed library, shared and
# static, and loads the installed rooms; the game guide's example
# (docs/examples/embed.c) builds the same way and runs on the installed data;
# examples/generate.c and examples/game.c build and run the same way;
# the man pages are installed under share/man/man1 and `man` finds and renders
# them through MANPATH (man-db, installed by tools/deps.sh); `make install
# PREFIX=P` installs into P (DESTDIR too) and not /usr/local. The installed
# surface is the whole API (DESIGN 14): the CLI and the Lua module need
# libroomforge.so and find it with no LD_LIBRARY_PATH; every ```c block of
# docs/games.md and every header the CLI and the module include compile and
# link with pkg-config's flags alone. CFLAGS: extra flags for those programs
# (the sanitizer flags when the library was built with them).
set -u
[ $# -ge 2 ] || { echo "usage: install_check.sh BUILD_DIR CC [CFLAGS]" >&2; exit 2; }
build=$1
cc=$2
cflags=${3:-}
src=$(cd "$(dirname "$0")/../.." && pwd)
fails=0
checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
check() { checks=$((checks + 1)); }
prefix=$tmp/prefix

check
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log"; echo "FAIL: cmake --install"; exit 1; }
for f in bin/roomforge lib/libroomforge.a lib/libroomforge.so lib/pkgconfig/roomforge.pc \
    include/roomforge/template.h include/roomforge/diag.h include/roomforge/common.h; do
    check
    [ -e "$prefix/$f" ] || fail "$f is not installed"
done
check
n=$(ls "$prefix/share/roomforge/content/rooms/"*.xml 2>/dev/null | wc -l)
[ "$n" -ge 2 ] || fail "the content pack is not installed ($n files)"

# The man pages: roomforge(1) and one per subcommand, found and rendered by
# man through MANPATH, as `man roomforge-lint` finds them after make install
# into a prefix man searches.
mandir=$prefix/share/man
for page in roomforge roomforge-lint roomforge-list roomforge-show roomforge-gen roomforge-sim \
    roomforge-catalog roomforge-run; do
    check
    [ -s "$mandir/man1/$page.1" ] || { fail "man page $page.1 is not installed"; continue; }
    check
    found=$(MANPATH=$mandir man -w "$page" 2>&1)
    [ "$found" = "$mandir/man1/$page.1" ] || fail "man -w $page: $found"
done
check
MANPATH=$mandir MANWIDTH=200 MANPAGER=cat PAGER=cat MAN_DISABLE_SECCOMP=1 man roomforge-gen \
    >"$tmp/man.txt" 2>"$tmp/err" || fail "man roomforge-gen: $(cat "$tmp/err")"
for want in "roomforge-gen - generate one level" "--room NAME" "--rooms-file FILE" "EXIT STATUS"; do
    grep -qF -- "$want" "$tmp/man.txt" || fail "man roomforge-gen does not show '$want'"
done

# The installed CLI, away from the source tree, finds the installed content.
check
(cd / && env -u ROOMFORGE_DATA "$prefix/bin/roomforge" list --format json) >"$tmp/list.json" 2>"$tmp/err" ||
    fail "installed roomforge list: $(cat "$tmp/err")"
grep -q "\"file\":\"$prefix/bin/../share/roomforge/content/rooms/" "$tmp/list.json" ||
    fail "installed roomforge does not read the installed content: $(head -c 300 "$tmp/list.json")"
check
(cd / && env -u ROOMFORGE_DATA "$prefix/bin/roomforge" lint) >"$tmp/out" 2>"$tmp/err" ||
    fail "installed roomforge lint: $(cat "$tmp/out" "$tmp/err")"
check
(cd / && env -u ROOMFORGE_DATA "$prefix/bin/roomforge" show "Warden's Gate") >"$tmp/out" 2>"$tmp/err" ||
    fail "installed roomforge show: $(cat "$tmp/err")"

# The installed headers: exactly the public ones (engine/include/roomforge and
# the generated version.h), no stage's seam header; each compiles alone as
# C99, C11 and C++11 with -pedantic, and the umbrella holds them all.
want=$( (cd "$src/engine/include/roomforge" && ls ./*.h; echo ./version.h) | sed 's#^\./##' | sort)
have=$( (cd "$prefix/include/roomforge" && ls ./*.h) | sed 's#^\./##' | sort)
check
[ "$want" = "$have" ] || fail "installed headers: $(echo $have) (want $(echo $want))"
for h in $have; do
    printf '#include <roomforge/%s>\nint rf_user_check(void);\nint rf_user_check(void) { return 0; }\n' \
        "$h" >"$tmp/alone.c"
    for std in c99 c11; do
        check
        $cc -std=$std -pedantic -Wall -Wextra -Werror -I"$prefix/include" -c "$tmp/alone.c" \
            -o "$tmp/alone.o" >"$tmp/cc.log" 2>&1 || fail "$h alone as $std: $(cat "$tmp/cc.log")"
    done
    check
    c++ -std=c++11 -pedantic -Wall -Wextra -Werror -I"$prefix/include" -x c++ -c "$tmp/alone.c" \
        -o "$tmp/alone.o" >"$tmp/cc.log" 2>&1 || fail "$h alone as C++11: $(cat "$tmp/cc.log")"
done
check
for h in $have; do
    [ "$h" = roomforge.h ] || grep -q "#include \"roomforge/$h\"" "$prefix/include/roomforge/roomforge.h" ||
        fail "roomforge.h does not include $h"
done
# The shared library exports only what the installed headers declare; every
# global symbol of the static archive carries the rf_ prefix (ASan's
# __odr_asan.NAME indicators of a sanitized build are the instrumentation's).
check
nm -D --defined-only "$prefix/lib/libroomforge.so" | awk '$2 ~ /^[TDBR]$/ {print $3}' | sort -u \
    >"$tmp/exported"
cat "$prefix"/include/roomforge/*.h | grep -o 'rf_[a-z0-9_]*' | sort -u >"$tmp/declared"
extra=$(comm -23 "$tmp/exported" "$tmp/declared" | head -5)
[ -z "$extra" ] || fail "libroomforge.so exports what no installed header declares: $extra"
check
bad=$(nm -g --defined-only "$prefix/lib/libroomforge.a" 2>/dev/null | awk 'NF == 3 {print $3}' |
    grep -v '^rf_\|^__odr_asan\.rf_' | head -5)
[ -z "$bad" ] || fail "libroomforge.a has global symbols without the rf_ prefix: $bad"

# pkg-config through PKG_CONFIG_PATH.
check
PKG_CONFIG_PATH=$prefix/lib/pkgconfig
export PKG_CONFIG_PATH
pc_cflags=$(pkg-config --cflags roomforge) && pc_libs=$(pkg-config --libs roomforge) &&
    pc_static=$(pkg-config --static --libs roomforge) || fail "pkg-config roomforge"
check
# roomforge's own include folder alone: what the library uses stays private
case " $pc_cflags " in
*lua* | *libxml* | *libpng* | *json-c*) fail "pkg-config --cflags names private libraries: $pc_cflags" ;;
esac
set -- $pc_cflags
[ $# -eq 1 ] && [ "$(realpath "${1#-I}")" = "$(realpath "$prefix/include")" ] ||
    fail "pkg-config --cflags is not roomforge's include folder alone: $pc_cflags"
check
pc_data=$(pkg-config --variable=datadir roomforge)
[ -d "$pc_data/content/rooms" ] || fail "pkg-config datadir $pc_data has no content/rooms"

# A user's program against the installed header and library.
cat >"$tmp/user.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <roomforge/roomforge.h>

int main(int argc, char **argv)
{
    rf_diags *d = rf_diags_new();
    rf_template_set *set = rf_template_set_new();
    rf_status st;
    size_t n;
    int major = -1;
    if (argc != 2 || !d || !set)
        return 2;
    if (strcmp(rf_version(&major, NULL, NULL), RF_VERSION_STRING) != 0 || major != RF_VERSION_MAJOR)
        return 3;
    st = rf_template_set_load_path(set, argv[1], d);
    n = rf_template_set_count(set);
    printf("%zu rooms, %zu diagnostics, first %s\n", n, rf_diags_count(d),
           n ? rf_template_name(rf_template_set_at(set, 0)) : "-");
    rf_template_set_free(set);
    rf_diags_free(d);
    return st == RF_OK && n >= 40 ? 0 : 1;
}
C
check
# shellcheck disable=SC2086 # the flags are lists
$cc -std=c11 -Wall -Wextra -Werror $cflags $pc_cflags "$tmp/user.c" -o "$tmp/user" $pc_libs \
    >"$tmp/cc.log" 2>&1 || fail "compiling against the installed library: $(cat "$tmp/cc.log")"
check
LD_LIBRARY_PATH=$prefix/lib "$tmp/user" "$pc_data/content/rooms" >"$tmp/out" 2>&1 ||
    fail "the program linked to libroomforge.so: $(cat "$tmp/out")"
LD_LIBRARY_PATH=$prefix/lib ldd "$tmp/user" 2>/dev/null | grep -q "libroomforge.so.0 => $prefix/lib/" ||
    fail "the program did not load the installed libroomforge.so"
check
# Static: the archive itself, then what `pkg-config --static` says it needs.
static_deps=$(printf '%s\n' "$pc_static" | sed 's/-lroomforge\( \|$\)/ /')
# shellcheck disable=SC2086
$cc -std=c11 $cflags $pc_cflags "$tmp/user.c" -o "$tmp/user_static" "$prefix/lib/libroomforge.a" \
    $static_deps >"$tmp/cc.log" 2>&1 || fail "static link: $(cat "$tmp/cc.log")"
check
"$tmp/user_static" "$pc_data/content/rooms" >"$tmp/out" 2>&1 || fail "the static program: $(cat "$tmp/out")"
ldd "$tmp/user_static" 2>/dev/null | grep -q libroomforge && fail "the static program needs libroomforge.so"

# The API is the installed surface (DESIGN 14). The CLI and the Lua module
# are clients of libroomforge.so (NEEDED), and find the installed one by
# themselves ($ORIGIN RPATH), not the build tree's.
for bin in bin/roomforge lib/lua/5.4/roomforge.so; do
    [ -e "$prefix/$bin" ] || continue
    check
    readelf -d "$prefix/$bin" 2>/dev/null | grep -q 'NEEDED.*\[libroomforge\.so\.' ||
        fail "$bin does not link libroomforge.so: $(readelf -d "$prefix/$bin" | grep NEEDED)"
    check
    so=$(env -u LD_LIBRARY_PATH ldd "$prefix/$bin" 2>/dev/null | awk '$1 ~ /^libroomforge/ {print $3}')
    [ -n "$so" ] && [ "$(realpath "$so")" = "$(realpath "$prefix/lib/libroomforge.so.0")" ] ||
        fail "$bin does not load the installed libroomforge.so: $(ldd "$prefix/$bin" | grep roomforge)"
done
# Every roomforge header the CLI and the Lua module include, in one
# translation unit, with pkg-config's flags only: none is left uninstalled.
check
grep -h '#include "roomforge/' "$src"/tools/roomforge.c "$src"/tools/cli/*.c "$src"/tools/cli/*.h \
    "$src"/tools/datadir/*.c "$src"/tools/datadir/*.h "$src"/lua/*.c "$src"/lua/*.h 2>/dev/null |
    sed 's#.*"\(roomforge/[a-z_0-9]*\.h\)".*#\1#' | sort -u |
    sed 's#.*#\#include <&>#' >"$tmp/cli_headers.c"
printf 'int main(void);\nint main(void) { return 0; }\n' >>"$tmp/cli_headers.c"
[ "$(wc -l <"$tmp/cli_headers.c")" -gt 5 ] || fail "no roomforge header found in the CLI's sources"
# shellcheck disable=SC2086
$cc -std=c11 -Wall -Wextra -Werror $cflags $pc_cflags "$tmp/cli_headers.c" -o "$tmp/cli_headers" \
    $pc_libs >"$tmp/cc.log" 2>&1 || fail "the CLI's headers against the install: $(cat "$tmp/cc.log")"
# Every ```c block of docs/games.md: fragments, each compiled as the body of
# a function given what the guide's text has in hand (diags, a template,
# templates, a world and its options); a line of "..." (code left out)
# becomes a return. Linked, so every function they name is exported.
check
awk '
    BEGIN { n = 0; inblock = 0 }
    /^```c[ \t]*$/ {
        n++; inblock = 1
        printf "int rf_docs_block_%d(rf_diags *diags, const rf_template *tmpl, rf_world *w,\n", n
        printf "    rf_world_opts opts, const rf_template_set *templates);\n"
        printf "int rf_docs_block_%d(rf_diags *diags, const rf_template *tmpl, rf_world *w,\n", n
        printf "    rf_world_opts opts, const rf_template_set *templates)\n{\n"
        printf "    (void)diags; (void)tmpl; (void)w; (void)opts; (void)templates;\n    {\n"
        next
    }
    inblock && /^```/ { inblock = 0; print "    }\n    return 0;\n}"; next }
    inblock { sub(/^[ \t]*\.\.\./, "return 1;"); print }
    END { printf "int main(void);\nint main(void) { return %d == 0; }\n", n }
' "$src/docs/games.md" >"$tmp/docs_body.c"
{
    printf '#include <stdio.h>\n#include <roomforge/roomforge.h>\n'
    cat "$tmp/docs_body.c"
} >"$tmp/docs_blocks.c"
grep -q '^int rf_docs_block_1(' "$tmp/docs_blocks.c" || fail "docs/games.md has no \`\`\`c block"
check
# shellcheck disable=SC2086
$cc -std=c11 -Wall -Wextra -Werror $cflags $pc_cflags "$tmp/docs_blocks.c" -o "$tmp/docs_blocks" \
    $pc_libs >"$tmp/cc.log" 2>&1 || fail "docs/games.md's C blocks against the install: $(cat "$tmp/cc.log")"

# The game guide's example, as its header says to build it: pkg-config for the
# flags, the installed data directory for the content.
check
# shellcheck disable=SC2086
$cc -std=c11 -Wall -Wextra -Werror $cflags "$src/docs/examples/embed.c" -o "$tmp/embed" \
    $pc_cflags $pc_libs >"$tmp/cc.log" 2>&1 || fail "compiling docs/examples/embed.c: $(cat "$tmp/cc.log")"
check
LD_LIBRARY_PATH=$prefix/lib "$tmp/embed" "$pc_data" >"$tmp/out" 2>&1 ||
    fail "docs/examples/embed.c on the installed data: $(cat "$tmp/out")"
grep -q "^Warden's Gate at " "$tmp/out" || fail "docs/examples/embed.c printed: $(cat "$tmp/out")"

# The examples a game starts from (examples/), as their headers say to build
# them: the installed headers and library through pkg-config, the installed
# data. game.c checks itself (a saved world and its restored copy tick on
# alike) and exits 1 otherwise.
for ex in generate game; do
    check
    # shellcheck disable=SC2086
    $cc -std=c11 -Wall -Wextra -Werror $cflags "$src/examples/$ex.c" -o "$tmp/$ex" \
        $pc_cflags $pc_libs >"$tmp/cc.log" 2>&1 || { fail "compiling examples/$ex.c: $(cat "$tmp/cc.log")"; continue; }
    check
    LD_LIBRARY_PATH=$prefix/lib "$tmp/$ex" "$pc_data" >"$tmp/out" 2>&1 ||
        fail "examples/$ex.c on the installed data: $(tail -5 "$tmp/out")"
done

# The Lua module (lua/): installed where lua5.4 looks for a prefix's C
# modules (PREFIX/lib/lua/5.4), loaded by the system's interpreter from the
# installed library, reading the installed content when given none; in a
# sanitized build with the sanitizer runtime preloaded.
if [ -e "$src/lua/CMakeLists.txt" ] && grep -q '^RF_LUA_MODULE:BOOL=ON' "$build/CMakeCache.txt" &&
    command -v lua5.4 >/dev/null 2>&1; then
    check
    [ -e "$prefix/lib/lua/5.4/roomforge.so" ] || fail "the Lua module is not installed in lib/lua/5.4"
    preload=
    case $cflags in *-fsanitize=address*) preload=$($cc -print-file-name=libasan.so) ;; esac
    check
    (cd / && env -u ROOMFORGE_DATA LD_PRELOAD="$preload" LD_LIBRARY_PATH="$prefix/lib" \
        LUA_CPATH="$prefix/lib/lua/5.4/?.so" RF_CONTENT="$prefix/share/roomforge/content" lua5.4 -e '
        local rf = require "roomforge"
        local pack = assert(rf.load{content = os.getenv("RF_CONTENT")})
        local level = assert(pack:gen{seed = 1, depth = 5})
        print(rf.version, #level.tiles > 0)') \
        >"$tmp/out" 2>&1 || fail "lua5.4 require \"roomforge\": $(cat "$tmp/out")"
    [ "$(cat "$tmp/out")" = "$(cat "$src/CMakeLists.txt" | sed -n 's/^project(roomforge VERSION \([0-9.]*\).*/\1/p')	true" ] ||
        fail "the installed Lua module printed: $(cat "$tmp/out")"
    # without content: the install's own data, as the installed CLI finds it
    check
    (cd / && env -u ROOMFORGE_DATA LD_PRELOAD="$preload" LD_LIBRARY_PATH="$prefix/lib" \
        LUA_CPATH="$prefix/lib/lua/5.4/?.so" lua5.4 -e '
        local pack = assert(require("roomforge").load())
        print(pack:rooms()[1].file)') >"$tmp/out" 2>&1
    grep -q "^$prefix/lib/lua/5.4/../../../share/roomforge/content/rooms/" "$tmp/out" ||
        fail "the installed Lua module does not read the installed content: $(cat "$tmp/out")"
fi

# make install PREFIX=P (issue 35): lands in P, and in DESTDIR/P with
# DESTDIR; nothing of roomforge under /usr/local changes. What README.md
# says to set for such a prefix (PATH, LUA_CPATH, PKG_CONFIG_PATH,
# LD_LIBRARY_PATH) is enough for the CLI, pkg-config and lua5.4.
if command -v make >/dev/null 2>&1; then
    mk=$tmp/mk
    touch "$tmp/marker"
    sleep 1 # a file written below has a later time than the marker
    check
    make -s -C "$src" install BUILD="$build" PREFIX="$mk" >"$tmp/make.log" 2>&1 ||
        fail "make install PREFIX=: $(tail -5 "$tmp/make.log")"
    for f in bin/roomforge lib/libroomforge.so lib/pkgconfig/roomforge.pc include/roomforge/level.h \
        share/roomforge/content/profiles.xml; do
        check
        [ -e "$mk/$f" ] || fail "make install PREFIX=$mk did not install $f"
    done
    check
    grep -q "Installing: /usr/local" "$tmp/make.log" && fail "make install PREFIX= wrote to /usr/local"
    check
    changed=$(find /usr/local -newer "$tmp/marker" -name '*roomforge*' 2>/dev/null | head -3)
    [ -z "$changed" ] || fail "make install PREFIX= changed /usr/local: $changed"
    check
    make -s -C "$src" install BUILD="$build" PREFIX="$mk" DESTDIR="$tmp/stage" >"$tmp/make.log" 2>&1 ||
        fail "make install DESTDIR=: $(tail -5 "$tmp/make.log")"
    [ -e "$tmp/stage$mk/bin/roomforge" ] || fail "make install DESTDIR= did not stage under DESTDIR"
    check
    (cd / && env -u ROOMFORGE_DATA PATH="$mk/bin:$PATH" PKG_CONFIG_PATH="$mk/lib/pkgconfig" \
        sh -c 'roomforge list >/dev/null && pkg-config --variable=datadir roomforge') \
        >"$tmp/out" 2>&1 || fail "PATH and PKG_CONFIG_PATH of the README: $(cat "$tmp/out")"
    [ "$(cat "$tmp/out")" = "$mk/lib/pkgconfig/../../share/roomforge" ] ||
        fail "pkg-config datadir of make install PREFIX=: $(cat "$tmp/out")"
    if [ -e "$mk/lib/lua/5.4/roomforge.so" ] && command -v lua5.4 >/dev/null 2>&1; then
        check
        (cd / && env -u ROOMFORGE_DATA LD_PRELOAD="${preload:-}" LD_LIBRARY_PATH="$mk/lib" \
            LUA_CPATH="$mk/lib/lua/5.4/?.so;;" lua5.4 -e 'print(#require("roomforge").load():rooms() > 0)') \
            >"$tmp/out" 2>&1
        [ "$(cat "$tmp/out")" = true ] || fail "lua5.4 with the README's LUA_CPATH: $(cat "$tmp/out")"
    fi
fi

echo "$((checks - fails)) passed, $fails failed"
[ "$fails" = 0 ]
