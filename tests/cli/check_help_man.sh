#!/bin/sh
# tests/cli/check_help_man.sh ROOMFORGE MANDIR SRCDIR: --help and the man pages
# cannot drift apart. For roomforge and each subcommand: the options of the
# man page's OPTIONS section (docs/man/roomforge[-CMD].1.scd, term lines) and
# those of `--help` (the lines under "options:") are the same set; every option
# literal the command's source parses ("--name" in tools/cli/cmd_CMD.c,
# tools/roomforge.c) is in --help; the top-level usage's synopsis of CMD names
# every option of CMD's --help.
set -u
[ $# -eq 3 ] || { echo "usage: check_help_man.sh ROOMFORGE MANDIR SRCDIR" >&2; exit 2; }
rf=$1 man=$2 src=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
fails=0
checks=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# Options of a man page: the term lines (not tab-indented) of # OPTIONS that
# start with an option, e.g. "*--format* gcc|json" or "*-h*, *--help*".
man_opts() {
    sed -n '/^# OPTIONS$/,/^# /p' "$1" | grep '^\*-' | tr -d '*_' |
        tr ' ,' '\n\n' | grep -E '^--?[a-z][a-z0-9-]*$' | sort -u
}
# Options of a --help text: the option column of the lines under "options:".
help_opts() {
    sed -n '/^options:$/,$p' "$1" | grep '^  -' | sed 's/^  //; s/  .*//' |
        tr ' ,' '\n\n' | grep -E '^--?[a-z][a-z0-9-]*$' | sort -u
}
# Option literals a C source compares arguments with: "--name" and "-x".
src_opts() {
    grep -oE '"--?[a-z][a-z0-9-]*"' "$1" | tr -d '"' | sort -u
}
# Compares two option lists: $1 $2 files, $3 $4 their names.
same() {
    checks=$((checks + 1))
    [ -s "$1" ] || { fail "$3 lists no options"; return; }
    [ -s "$2" ] || { fail "$4 lists no options"; return; }
    for o in $(comm -23 "$1" "$2"); do fail "$o is in $3 but not in $4"; done
    for o in $(comm -13 "$1" "$2"); do fail "$o is in $4 but not in $3"; done
}

"$rf" --help >"$tmp/top" 2>&1 || fail "roomforge --help exits $?"
cmds=$(sed -n '/^commands:$/,/^$/p' "$tmp/top" | grep -E '^  [a-z]' | awk '{print $1}')
[ -n "$cmds" ] || fail "roomforge --help lists no commands"

# roomforge itself
man_opts "$man/roomforge.1.scd" >"$tmp/man"
help_opts "$tmp/top" >"$tmp/help"
same "$tmp/man" "$tmp/help" "roomforge(1)" "roomforge --help"
src_opts "$src/tools/roomforge.c" >"$tmp/src"
same "$tmp/src" "$tmp/help" "tools/roomforge.c" "roomforge --help"

for cmd in $cmds; do
    page=$man/roomforge-$cmd.1.scd
    checks=$((checks + 1))
    [ -f "$page" ] || { fail "roomforge $cmd has no man page $page"; continue; }
    grep -qF "*roomforge-$cmd*(1)" "$man/roomforge.1.scd" || fail "roomforge(1) does not name roomforge-$cmd(1)"
    "$rf" "$cmd" --help >"$tmp/out" 2>&1 || fail "roomforge $cmd --help exits $?"
    help_opts "$tmp/out" >"$tmp/help"
    man_opts "$page" >"$tmp/man"
    same "$tmp/man" "$tmp/help" "roomforge-$cmd(1)" "roomforge $cmd --help"
    checks=$((checks + 1))
    if [ -f "$src/tools/cli/cmd_$cmd.c" ]; then
        src_opts "$src/tools/cli/cmd_$cmd.c" >"$tmp/src"
        for o in $(comm -23 "$tmp/src" "$tmp/help"); do
            fail "tools/cli/cmd_$cmd.c parses $o, which roomforge $cmd --help does not list"
        done
    else
        fail "tools/cli/cmd_$cmd.c does not exist: where does roomforge $cmd parse its options?"
    fi
    # The top-level synopsis of cmd: its line and the indented lines after it.
    awk -v c="$cmd" '/^  [a-z]/ { on = ($1 == c) } /^$/ { on = 0 } on' "$tmp/top" >"$tmp/syn"
    checks=$((checks + 1))
    while IFS= read -r o; do
        case $o in -h | --help) continue ;; esac
        grep -qE -- "(^|[[ ])$o([] ]|$)" "$tmp/syn" || fail "roomforge --help: the synopsis of $cmd lacks $o"
    done <"$tmp/help"
done
echo "$((checks - fails)) passed, $fails failed"
[ "$fails" = 0 ]
