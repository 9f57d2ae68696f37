#!/usr/bin/env python3
"""tests/cli/stats_vary.py ROOMFORGE SRC [SEEDS]: `stats` reports the rooms
that vary (DESIGN 16, issue 32) over the pack tests/data/vary_stats on
SEEDS seeds (default 200) at depths 1-6: each varying room's variants
placed (drawn > 0), distinct maps (> 1, one for the room whose validate
passes a single map), validate refusals, and every subst choice's share of
its picks within 3 standard deviations of its weight's share; one pick a
cell (a once="1" subst one a variant); nsubst counts exact in every variant
(`show --variant N --format json`); the text and html sections; the same
bytes for --jobs 1 and 2, and --merge of shards the unsharded run's bytes.
Under a sanitizer (RF_SANITIZED set) it runs 40 seeds: there it looks for
races and leaks, and TSan multiplies the time tenfold. Prints `N passed, N failed`."""
import json
import os
import subprocess
import sys
import tempfile

RF = sys.argv[1]
SRC = sys.argv[2]
SEEDS = sys.argv[3] if len(sys.argv) > 3 else "200"
if os.environ.get("RF_SANITIZED"):
    SEEDS = str(min(int(SEEDS), 40))
PACK = os.path.join(SRC, "tests", "data", "vary_stats")
results = []


def check(ok, what):
    results.append(bool(ok))
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    return ok


def run(args, what):
    p = subprocess.run([RF] + args, capture_output=True, timeout=300)
    check(p.returncode == 0, "%s exits 0 (%d): %s"
          % (what, p.returncode, p.stderr.decode("utf-8", "replace")[:300]))
    return p.stdout.decode("utf-8", "replace")


def stats(seeds, fmt, *extra):
    return run(["stats", "--content", PACK, "--count", seeds, "--depths", "1-6", "--quiet",
                "--format", fmt] + list(extra), "stats --count %s --format %s %s"
               % (seeds, fmt, " ".join(extra)))


whole = stats(SEEDS, "json", "--jobs", "2")
report = json.loads(whole)
check(report["failed"] == 0 and report["violations"] == 0, "no level fails or breaks an invariant")
by = {t["name"]: t for t in report["templates"]}
check("variants" not in by["Plain Store"], "a room that does not vary has no variants")
cells = {"Flooded Hall": {"?": 18}, "Mossy Cell": {"%": 1, "?": 4}}
for name in ("Flooded Hall", "Mossy Cell", "Choosy Nook"):
    v = by[name].get("variants")
    if not check(v is not None, "%s: variants reported" % name):
        continue
    check(v["drawn"] > 0 and v["drawn"] >= by[name]["placed"],
          "%s: %d variants placed on %d levels" % (name, v["drawn"], by[name]["placed"]))
    want = 1 if name == "Choosy Nook" else 64
    check(v["distinct"] == want and v["distinct_capped"] == (want == 64)
          and len(v["map_hashes"]) == want and v["map_hashes"] == sorted(set(v["map_hashes"])),
          "%s: %d distinct maps (want %d), the smallest hashes ascending"
          % (name, v["distinct"], want))
    for u in v["subst"]:
        total = sum(c["weight"] for c in u["choices"])
        per = cells[name][u["glyph"]]
        check(u["picks"] == per * v["drawn"] and u["picks"] == sum(c["picks"] for c in u["choices"]),
              "%s: subst '%s' (once %s) picks %d = %d a variant x %d variants"
              % (name, u["glyph"], u["once"], u["picks"], per, v["drawn"]))
        for c in u["choices"]:
            check(abs(c["expected_share"] - c["weight"] / total) < 1e-6 and c["z"] is not None
                  and abs(c["z"]) < 3.0,
                  "%s: subst '%s' choice '%s' weight %d: expected %.4f, observed %.4f, z %s"
                  % (name, u["glyph"], c["glyph"], c["weight"], c["expected_share"],
                     c["observed_share"], c["z"]))
check(by["Mossy Cell"]["variants"]["subst"][0]["once"], "Mossy Cell's % subst is once")
nook = by["Choosy Nook"]
check(nook["variants"]["validate_refused"] > 0
      and nook["refused"].get("validate", 0) <= nook["variants"]["validate_refused"],
      "Choosy Nook: %d draws refused by validate (on %d levels)"
      % (nook["variants"]["validate_refused"], nook["refused"].get("validate", 0)))
for name in ("Flooded Hall", "Mossy Cell"):
    check(by[name]["variants"]["validate_refused"] == 0, "%s: nothing refused by validate" % name)

# nsubst counts are exact in every variant
for n in (0, 1, 2, 3, 7, 1000, 4294967295):
    hall = json.loads(run(["show", "--content", PACK, "--format", "json", "--variant", str(n),
                           "Flooded Hall"], "show --variant %d" % n))
    mid = "".join(r[3:6] for r in hall["rows"][2:4])
    check(sorted(mid) == sorted("WWL..."), "Flooded Hall variant %d: the x cells %s" % (n, mid))
    nook = json.loads(run(["show", "--content", PACK, "--format", "json", "--variant", str(n),
                           "Choosy Nook"], "show --variant %d" % n))
    check(nook["rows"][1].count("W") == 1 and nook["rows"][1].count(".") == 9,
          "Choosy Nook variant %d: one W in %s" % (n, nook["rows"][1]))

# the same bytes for any --jobs; the shards merged are the whole run
check(stats(SEEDS, "json", "--jobs", "1") == whole, "--jobs 1 prints --jobs 2's bytes")
with tempfile.TemporaryDirectory() as tmp:
    shards = []
    for i in (1, 2, 3):
        path = os.path.join(tmp, "s%d.json" % i)
        stats("40", "json", "--shard", "%d/3" % i, "-o", path)
        shards.append(path)
    for fmt in ("json", "text", "html", "csv"):
        merged = run(["stats", "--format", fmt, "--merge"] + shards[::-1], "merge " + fmt)
        check(merged == stats("40", fmt), "--merge of 3 shards: the unsharded %s bytes" % fmt)
        if fmt == "text":
            check("\nvarying rooms (3):" in merged and "  Choosy Nook (" in merged
                  and "subst '%' (line 27, once)" in merged, "text: the varying rooms section")
        if fmt == "html":
            check('<table id="vary">' in merged, "html: the varying rooms table")
        if fmt == "csv":
            check(merged.splitlines()[0].endswith("refused_weight,expected_share,observed_share,z,flag"),
                  "csv: the columns as before")

failed = results.count(False)
print("%d passed, %d failed" % (len(results) - failed, failed))
sys.exit(1 if failed else 0)
