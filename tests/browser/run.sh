#!/bin/sh
# tests/browser/run.sh ROOMFORGE SRCDIR WORKDIR [watch|stats]: the html view in
# a real browser (watch: the page `watch --serve` serves; stats: the html
# report of roomforge stats, checked by check_stats.cjs against the same
# run's JSON). Copies tests/browser's package files to WORKDIR, installs
# puppeteer-core there with `npm ci` when the lock file changed (node_modules
# never lives in the source tree), writes a level with `gen --format html`
# and runs check_html.cjs in Debian's chromium; WORKDIR/level.png is the
# screenshot. Without node, npm or chromium: a failure under CI=true, else a
# skip (exit 77) that says what is missing. With `watch`: the page served by
# `roomforge watch --serve` over a copy of the bundled pack (check_watch.cjs;
# WORKDIR/watch.png shows its error overlay).
set -u
[ $# -eq 3 ] || [ $# -eq 4 ] || { echo "usage: run.sh ROOMFORGE SRCDIR WORKDIR [watch|stats]" >&2; exit 2; }
rf=$1 src=$2/tests/browser work=$3 mode=${4:-html}
chromium=${CHROMIUM:-/usr/bin/chromium}
missing=""
[ -x "$chromium" ] || missing=" chromium ($chromium)"
. "$2/tests/npm_work.sh"
npm_work browser "$src" "$work" check_html.cjs check_watch.cjs check_stats.cjs
if [ "$mode" = watch ]; then
    rm -rf "$work/pack" && cp -r "$2/content" "$work/pack" || exit 1
    cd "$work" && CHROMIUM=$chromium node check_watch.cjs "$rf" "$work/pack" watch.png
    exit $?
fi
if [ "$mode" = stats ]; then
    # two profiles, a forced room, enough levels for every chart to have bars
    set -- stats --count 6 --depths 1-8 --profile brogue --profile nethack --room "Cogwork Foyer"
    "$rf" "$@" --format html -o "$work/stats.html" || exit 1
    "$rf" "$@" --format json -o "$work/stats.json" || exit 1
    cd "$work" && CHROMIUM=$chromium exec node check_stats.cjs stats.html stats.json stats.png
fi
# a level with objects, a forced template turned 3 and a drawn one turned 5
"$rf" gen --seed 11 --depth 5 --room "Cogwork Foyer" --format html -o "$work/level.html" || exit 1
# a level larger than the window, to fit or scroll (issue 35)
"$rf" gen --seed 2 --size 300x120 --format html -o "$work/wide.html" || exit 1
cd "$work" && CHROMIUM=$chromium node check_html.cjs level.html level.png wide.html
