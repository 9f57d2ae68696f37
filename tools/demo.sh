#!/bin/sh
# tools/demo.sh ROOMFORGE: the main job on the bundled content, run by
# `make demo` after the build: lint the content pack, show one scripted room
# and play a scenario against it, then generate a level with each digger
# (Brogue by default; templates from the bundled content are placed in every
# level, and one level has two forced in with --room). Exits non-zero as soon
# as a step fails, so a broken demo cannot look like a working one.
set -eu
rf=${1:-build/roomforge}
[ -x "$rf" ] || { echo "demo: $rf is not built (run make demo)" >&2; exit 2; }

step() {
    printf '\n== %s\n' "$*"
    "$@"
}

step "$rf" lint
step "$rf" list
step "$rf" show "Warden's Gate"
# a room's script played against a scenario of player events
step "$rf" sim --scenario tests/scenarios/hourglass.scn
step "$rf" gen --seed 1 --depth 3
# templates forced in by name (Dredmor's test-room flag): a shop and a zoo,
# seen with their objects, a legend and where each room went
step "$rf" gen --seed 2 --depth 7 --room "Bolt and Bottle Emporium" --room "Menagerie of Fangs" \
    --format text
step "$rf" gen --profile nethack --seed 1 --depth 12
step "$rf" gen --profile dungeonmaker --seed 1
# a profile whose recipe is a file of the content (content/levels/caverns.lua)
step "$rf" gen --profile caverns --seed 3 --depth 5
printf '\nTry: %s gen --seed N --depth D [--size WxH] [--room NAME] [--format text|ansi|json|html|png -o FILE]\n' "$rf"
