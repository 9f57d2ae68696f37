#!/bin/sh
# tests/cli/deb_check.sh build|inspect|install SRC DIR: the Debian packages
# of `make package` (cmake/package.cmake, issue 18).
#   build    configures DIR as `make package` does (prefix /usr, no tests),
#            builds it and runs cpack -G DEB there (incremental after the first).
#   inspect  the three packages in DIR: names, architectures, dependencies
#            (system libraries from dpkg-shlibdeps, exact versions between
#            them), the files each holds (dpkg-deb -c), and lintian without
#            errors when lintian is installed.
#   install  only in CI (RF_CI=1, as root; exit 77 = skipped otherwise): first
#            roomforge_*.deb with the library it depends on (what "apt install
#            ./roomforge*.deb" installs),
#            then, away from the build tree (cd /, PATH=/usr/bin:/bin):
#            roomforge gen, man -w roomforge-gen, bash completion, lua5.4
#            require "roomforge" generating the same level; then the library
#            packages too and a C client built with pkg-config; then dpkg
#            --purge and nothing left behind.
set -u
[ $# = 3 ] || { echo "usage: deb_check.sh build|inspect|install SRC DIR" >&2; exit 2; }
mode=$1 src=$2 dir=$3
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
pkgs="roomforge libroomforge0 libroomforge-dev"
deb() { ls "$dir"/"$1"_*.deb 2>/dev/null | head -1; }
field() { dpkg-deb -f "$(deb "$1")" "$2"; }

case $mode in
build)
    cmake -S "$src" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=/usr \
        -DRF_TESTS=OFF >"$dir.log" 2>&1 &&
        cmake --build "$dir" -j 2 >>"$dir.log" 2>&1 &&
        rm -f "$dir"/*.deb && (cd "$dir" && cpack -G DEB) >>"$dir.log" 2>&1 ||
        { tail -30 "$dir.log"; echo "FAIL: the packages did not build (see $dir.log)"; exit 1; }
    for p in $pkgs; do [ -n "$(deb "$p")" ] || fail "no $p package"; done
    ;;
inspect)
    for p in $pkgs; do [ -n "$(deb "$p")" ] || { echo "FAIL: no $p package in $dir (run the deb_build test)"; exit 1; }; done
    ver=$(field roomforge Version)
    [ -n "$ver" ] || fail "roomforge has no version"
    arch=$(dpkg --print-architecture)
    for p in $pkgs; do [ "$(field "$p" Architecture)" = "$arch" ] || fail "$p's architecture"; done
    # the shared library carries its own Lua (docs/games.md), never the system's
    case $(field libroomforge0 Depends) in
    *liblua*) fail "libroomforge0 depends on a system Lua, its own is compiled in: $(field libroomforge0 Depends)" ;;
    *libxml2*) ;;
    *) fail "libroomforge0 does not depend on libxml2: $(field libroomforge0 Depends)" ;;
    esac
    # the CLI and the Lua module link the shared library (DESIGN 14)
    case $(field roomforge Depends) in
    *"libroomforge0 (= $ver)"*) ;;
    *) fail "roomforge does not depend on libroomforge0 (= $ver): $(field roomforge Depends)" ;;
    esac
    [ "$(field roomforge Provides)" = lua-roomforge ] || fail "roomforge does not provide lua-roomforge"
    [ "$(field roomforge Recommends)" = lua5.4 ] || fail "roomforge does not recommend lua5.4"
    case $(field libroomforge-dev Depends) in
    *"libroomforge0 (= $ver)"*liblua5.4-dev*) ;;
    *) fail "libroomforge-dev's dependencies: $(field libroomforge-dev Depends)" ;;
    esac
    # what each package holds (and not another's)
    has() { dpkg-deb -c "$(deb "$1")" | sed 's/ -> .*//' | awk '{print $NF}' | grep -q -- "$2" || fail "$1 lacks $2"; }
    hasnt() { dpkg-deb -c "$(deb "$1")" | sed 's/ -> .*//' | awk '{print $NF}' | grep -q -- "$2" && fail "$1 holds $2"; }
    has roomforge '^\./usr/bin/roomforge$'
    has roomforge '^\./usr/share/man/man1/roomforge-gen\.1\.gz$'
    has roomforge '^\./usr/share/bash-completion/completions/roomforge$'
    has roomforge '^\./usr/share/doc/roomforge/copyright$'
    has roomforge '^\./usr/share/roomforge/content/profiles\.xml$'
    has roomforge '^\./usr/share/roomforge/content/rooms/'
    has roomforge "^\\.$(pkg-config --variable=INSTALL_CMOD lua5.4)/roomforge\\.so\$"
    hasnt roomforge 'libroomforge'
    hasnt roomforge 'include/'
    has libroomforge0 '^\./usr/lib/[a-z0-9_-]*/libroomforge\.so\.0$'
    has libroomforge0 '^\./usr/share/doc/libroomforge0/copyright$'
    hasnt libroomforge0 'include/'
    hasnt libroomforge0 'share/roomforge'
    has libroomforge-dev '^\./usr/include/roomforge/roomforge\.h$'
    has libroomforge-dev '^\./usr/include/roomforge/version\.h$'
    has libroomforge-dev '^\./usr/lib/[a-z0-9_-]*/libroomforge\.a$'
    has libroomforge-dev '^\./usr/lib/[a-z0-9_-]*/libroomforge\.so$'
    has libroomforge-dev '^\./usr/lib/[a-z0-9_-]*/pkgconfig/roomforge\.pc$'
    # the module inside roomforge exports luaopen_roomforge only and links
    # libroomforge.so, which it finds where the loader looks (no RPATH)
    mod=$(mktemp -d)
    dpkg-deb -x "$(deb roomforge)" "$mod"
    exports=$(nm -D --defined-only "$mod$(pkg-config --variable=INSTALL_CMOD lua5.4)/roomforge.so" |
        awk '$2 == "T" {print $3}')
    [ "$exports" = luaopen_roomforge ] || fail "the Lua module exports: $exports"
    readelf -d "$mod$(pkg-config --variable=INSTALL_CMOD lua5.4)/roomforge.so" | grep -q 'NEEDED.*libroomforge' ||
        fail "the Lua module does not link libroomforge.so"
    readelf -d "$mod/usr/bin/roomforge" | grep -q 'NEEDED.*libroomforge' ||
        fail "the roomforge command does not link libroomforge.so"
    readelf -d "$mod/usr/bin/roomforge" "$mod$(pkg-config --variable=INSTALL_CMOD lua5.4)/roomforge.so" |
        grep -q 'RPATH\|RUNPATH' && fail "a binary of the roomforge package carries an RPATH"
    rm -rf "$mod"
    for p in $pkgs; do
        dpkg-deb -c "$(deb "$p")" | awk '{print $NF}' | grep -q '^\./usr/local' && fail "$p installs under /usr/local"
    done
    if command -v lintian >/dev/null 2>&1; then
        lintian --fail-on error "$dir"/*.deb >"$dir/lintian.txt" 2>&1
        lrc=$?
        [ "$lrc" = 0 ] || { cat "$dir/lintian.txt"; fail "lintian fails (exit $lrc)"; }
        grep '^E:' "$dir/lintian.txt" && fail "lintian reports errors"
        echo "lintian: $(grep -c '^W:' "$dir/lintian.txt") warnings, $(grep -c '^E:' "$dir/lintian.txt") errors"
    else
        echo "lintian is not installed: its check is left out"
    fi
    ;;
install)
    if [ "${RF_CI:-}" != 1 ] || [ "$(id -u)" != 0 ]; then
        echo "skipped: installs into this machine, so only in CI (RF_CI=1, as root)"
        exit 77
    fi
    for p in $pkgs; do [ -n "$(deb "$p")" ] || { echo "FAIL: no $p package in $dir"; exit 1; }; done
    tmp=$(mktemp -d)
    purge() { dpkg --purge $pkgs >"$tmp/purge.log" 2>&1; }
    trap 'purge; rm -rf "$tmp"' EXIT HUP INT TERM
    dpkg -i "$(deb libroomforge0)" "$(deb roomforge)" >"$tmp/install.log" 2>&1 ||
        { cat "$tmp/install.log"; echo "FAIL: dpkg -i roomforge and libroomforge0"; exit 1; }
    run() { (cd / && env -i PATH=/usr/bin:/bin HOME="$tmp" "$@"); }
    run roomforge gen --seed 1 --depth 5 --format ascii >"$tmp/gen.txt" 2>"$tmp/err" ||
        fail "roomforge gen: $(cat "$tmp/err")"
    [ "$(wc -l <"$tmp/gen.txt")" -ge 10 ] || fail "roomforge gen printed no level"
    run roomforge lint /usr/share/roomforge/content >/dev/null 2>&1 || fail "roomforge lint of the installed content"
    [ "$(run man -w roomforge-gen 2>&1)" = /usr/share/man/man1/roomforge-gen.1.gz ] ||
        fail "man -w roomforge-gen: $(run man -w roomforge-gen 2>&1)"
    run bash -c '. /usr/share/bash-completion/completions/roomforge; COMP_WORDS=(roomforge ge);
        COMP_CWORD=1; _roomforge; echo "${COMPREPLY[*]}"' >"$tmp/comp" 2>&1
    [ "$(cat "$tmp/comp")" = gen ] || fail "roomforge ge<TAB>: $(cat "$tmp/comp")"
    ver=$(dpkg-query -W -f='${Version}' roomforge)
    [ "$(run lua5.4 -e 'print(require "roomforge".version)' 2>&1)" = "$ver" ] ||
        fail "lua5.4 require roomforge: $(run lua5.4 -e 'print(require "roomforge".version)' 2>&1)"
    got=$(run lua5.4 -e 'local rf = require "roomforge"
        local level = assert(rf.load():gen{seed = 1, depth = 5})
        io.write(level:render("ascii"))' 2>&1)
    [ "$got" = "$(cat "$tmp/gen.txt")" ] || fail "a level generated in Lua is not roomforge gen's: $got"
    # the headers for a C program
    dpkg -i "$(deb libroomforge-dev)" >>"$tmp/install.log" 2>&1 ||
        { cat "$tmp/install.log"; echo "FAIL: dpkg -i the library packages"; exit 1; }
    cat >"$tmp/client.c" <<'C'
#include <stdio.h>
#include "roomforge/roomforge.h"
int main(void)
{
    rf_level_opts o;
    rf_level *l = NULL;
    rf_level_opts_init(&o);
    o.seed = 3;
    o.depth = 2;
    if (rf_level_generate(NULL, &o, &l, NULL) != RF_OK)
        return 1;
    printf("%s %d %zu\n", rf_version(NULL, NULL, NULL), RF_VERSION_MAJOR, rf_level_room_count(l) > 0 ? (size_t)1 : 0);
    rf_level_free(l);
    return 0;
}
C
    # shellcheck disable=SC2046
    run cc -o "$tmp/client" "$tmp/client.c" $(run pkg-config --cflags --libs roomforge) 2>"$tmp/err" ||
        fail "a C client does not build with pkg-config: $(cat "$tmp/err")"
    [ "$(run "$tmp/client" 2>&1)" = "$ver ${ver%%.*} 1" ] || fail "the C client: $(run "$tmp/client" 2>&1)"
    purge || { cat "$tmp/purge.log"; fail "dpkg --purge"; }
    for f in /usr/bin/roomforge /usr/share/roomforge /usr/include/roomforge \
        "$(pkg-config --variable=INSTALL_CMOD lua5.4)/roomforge.so" /usr/share/man/man1/roomforge.1.gz; do
        [ -e "$f" ] && fail "$f is left after dpkg --purge"
    done
    ;;
*) echo "deb_check.sh: unknown mode $mode" >&2; exit 2 ;;
esac
[ "$fails" = 0 ] && echo "deb_check $mode: all checks passed"
[ "$fails" = 0 ]
