#!/bin/bash
# tests/cli/completion_check.sh ROOMFORGE_DIR COMPLETION: the bash completion
# (tools/completion/roomforge.bash) over the roomforge in ROOMFORGE_DIR, as
# `roomforge <TAB>` would run it: subcommands, a subcommand's options,
# --format values, profile names, room names of the bundled pack (escaped)
# and of a --content pack on the line, directories after --content.
set -u
PATH=$1:$PATH
. "$2"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# complete LINE...: the words of a command line, the last one being completed.
complete_line()
{
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _roomforge
}
has() # has WORD: COMPREPLY holds WORD
{
    local w
    for w in "${COMPREPLY[@]}"; do [ "$w" = "$1" ] && return 0; done
    return 1
}

complete_line roomforge ""
for c in lint list show sim gen catalog run stats watch init lsp export import --help --version; do
    has "$c" || fail "roomforge <TAB> lacks $c: ${COMPREPLY[*]}"
done
complete_line roomforge g
[ "${COMPREPLY[*]}" = "gen" ] || fail "roomforge g<TAB>: ${COMPREPLY[*]}"
complete_line roomforge gen --r
for o in --room --rooms-file --recipe; do
    has "$o" || fail "gen --r<TAB> lacks $o: ${COMPREPLY[*]}"
done
has --seed && fail "gen --r<TAB> offers --seed"
for c in list show sim gen catalog run stats watch; do # issue 35: every content command
    complete_line roomforge "$c" --st
    has --strict || fail "$c --st<TAB> lacks --strict: ${COMPREPLY[*]}"
done
complete_line roomforge lint --st
has --strict && fail "lint --st<TAB> offers --strict (lint is the gate)"
complete_line roomforge lsp --
[ "${COMPREPLY[*]}" = "--help --scripts" ] || fail "lsp --<TAB>: ${COMPREPLY[*]}"
complete_line roomforge lsp ""
[ ${#COMPREPLY[@]} -eq 0 ] || fail "lsp <TAB> offers an operand: ${COMPREPLY[*]}"
complete_line roomforge gen --format ""
[ "${COMPREPLY[*]}" = "ascii text ansi json html png" ] || fail "gen --format <TAB>: ${COMPREPLY[*]}"
complete_line roomforge lint --format ""
[ "${COMPREPLY[*]}" = "gcc json sarif" ] || fail "lint --format <TAB>: ${COMPREPLY[*]}"
complete_line roomforge gen --profile ""
for p in brogue nethack dungeonmaker caverns; do
    has "$p" || fail "gen --profile <TAB> lacks $p: ${COMPREPLY[*]}"
done
complete_line roomforge gen --room War
[ "${COMPREPLY[*]}" = "Warden\\'s\\ Gate" ] || fail "gen --room War<TAB>: ${COMPREPLY[*]}"
complete_line roomforge show "Warden\\'s\\ G"
[ "${COMPREPLY[*]}" = "Warden\\'s\\ Gate" ] || fail "show Warden\\'s\\ G<TAB>: ${COMPREPLY[*]}"
src=$(cd "$(dirname "$0")/../.." && pwd)
complete_line roomforge gen --content "$src/tests/data/pack/mod" --scripts "$src/tests/data/pack/ext" --room Sh
[ "${COMPREPLY[*]}" = "Shouter" ] || fail "gen --content MOD --scripts EXT --room Sh<TAB>: ${COMPREPLY[*]}"
complete_line roomforge gen --content "$src/tests/data/pack/"
has "$src/tests/data/pack/mod" || fail "--content <TAB> lacks the directories: ${COMPREPLY[*]}"
complete_line roomforge export --format ""
[ "${COMPREPLY[*]}" = "tmx xml" ] || fail "export --format <TAB>: ${COMPREPLY[*]}"
complete_line roomforge export "Warden\\'s\\ G"
[ "${COMPREPLY[*]}" = "Warden\\'s\\ Gate" ] || fail "export Warden\\'s\\ G<TAB>: ${COMPREPLY[*]}"
complete_line roomforge import "$src/tests/data/tmx/"
has "$src/tests/data/tmx/drawn.tmx" || fail "import <TAB> lacks the .tmx files: ${COMPREPLY[*]}"
complete_line roomforge gen --seed ""
[ ${#COMPREPLY[@]} = 0 ] || fail "gen --seed <TAB> offers: ${COMPREPLY[*]}"
[ "$fails" = 0 ] && echo "completion: all checks passed"
[ "$fails" = 0 ]
