#!/usr/bin/env python3
"""tests/cli/depth_streams.py ROOMFORGE FLAT_PACK: each depth of a seed has its
own random streams (DESIGN 18), so no two depths 1-26 of seed 5 dig the same
tile map: with every bundled profile, and with FLAT_PACK's profile `flat`,
whose numbers are the same at every depth. Prints `FAIL: ...` for each pair
of depths whose tiles are equal and each gen that fails, then `N passed, F
failed`; exit 0 when all pass, 1 otherwise, 2 on bad usage."""
import json
import subprocess
import sys

SEED = 5
DEPTHS = range(1, 27)
BUNDLED = ("brogue", "nethack", "dungeonmaker", "caverns")


def tiles(rf, extra, depth):
    """The tile rows of one level (a list), or why gen failed (a string)."""
    cmd = [rf, "gen", "--seed", str(SEED), "--depth", str(depth), "--format", "json"] + extra
    p = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if p.returncode != 0:
        return "exit %d: %s" % (p.returncode, p.stderr.strip())
    return json.loads(p.stdout)["tiles"]


def check(rf, what, extra):
    """The failures of one profile's depths, one line each."""
    fails = []
    seen = {}
    for depth in DEPTHS:
        t = tiles(rf, extra, depth)
        if isinstance(t, str):
            fails.append("%s depth %d: gen %s" % (what, depth, t))
            continue
        key = json.dumps(t)
        if key in seen:
            fails.append("%s: seed %d digs the same tiles at depths %d and %d"
                         % (what, SEED, seen[key], depth))
        else:
            seen[key] = depth
    return fails


def main(argv):
    if len(argv) != 3:
        print(__doc__.split("\n")[0], file=sys.stderr)
        return 2
    rf, pack = argv[1], argv[2]
    runs = [(p, ["--profile", p]) for p in BUNDLED]
    runs.append(("flat pack", ["--content", pack, "--profile", "flat"]))
    failed = 0
    for what, extra in runs:
        fails = check(rf, what, extra)
        for f in fails:
            print("FAIL: " + f)
        failed += bool(fails)
    print("%d passed, %d failed" % (len(runs) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
