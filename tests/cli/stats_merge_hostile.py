#!/usr/bin/env python3
"""tests/cli/stats_merge_hostile.py ROOMFORGE: `stats --merge` against shards
an attacker or an accident makes (issue 27, DESIGN 13): 1,000,000 feelings in
descending order merge in n log n (the merge is bounded by a 120 s timeout;
the quadratic merge of old took 80 s a file); a shard over 16 MiB is refused
unread; a shard of another run, a profile twice, a feeling twice and counts
that add up past 2^64 are refused with stats-merge, never wrapped; ESC and
BEL in names and feelings come out escaped in text, CSV and html, raw in no
report. Prints `N passed, N failed`."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

RF = sys.argv[1]
results = []


def check(ok, what):
    results.append(bool(ok))
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    return ok


def run(args, timeout=60):
    try:
        p = subprocess.run([RF] + args, capture_output=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return None, b"", "timed out after %d s" % timeout


def shards(tmp, seed="1"):
    paths = []
    for i in (1, 2):
        path = os.path.join(tmp, "s%s_%d.json" % (seed, i))
        rc, _, err = run(["stats", "--seed", seed, "--count", "3", "--depths", "1-2", "--shard",
                          "%d/2" % i, "--format", "json", "-o", path])
        check(rc == 0, "shard %d/2 of seed %s is made (%s)" % (i, seed, err.strip()))
        paths.append(path)
    return paths


def rewrite(src, dst, edit):
    with open(src) as f:
        j = json.load(f)
    edit(j)
    with open(dst, "w") as f:
        json.dump(j, f)
    return dst


def profile(j):
    return j["by_profile"][j["profiles"][0]]


def main():
    tmp = tempfile.mkdtemp()
    try:
        a, b = shards(tmp)
        rc, out, err = run(["stats", "--merge", a, b, "--format", "json"])
        check(rc == 0 and json.loads(out)["levels"] > 0, "two shards of one run merge (%s)" % err)

        # 1,000,000 feelings, descending (15 MB, under the cap)
        def many(j):
            profile(j)["feelings"] = {"f%07d" % k: 1 for k in range(1000000, 0, -1)}
        a2 = rewrite(a, os.path.join(tmp, "many_a.json"), many)
        b2 = rewrite(b, os.path.join(tmp, "many_b.json"), many)
        rc, out, err = run(["stats", "--merge", a2, b2, "--format", "json"], timeout=120)
        feel = json.loads(out)["by_profile"]["brogue"]["feelings"] if rc == 0 else {}
        check(rc == 0 and len(feel) == 1000000 and feel.get("f0000001") == 2,
              "1,000,000 descending feelings merge, summed (%s)" % err.strip()[:200])
        check(list(feel) == sorted(feel), "the merged feelings come out sorted")

        # over 16 MiB
        big = os.path.join(tmp, "big.json")
        with open(a) as f, open(big, "w") as g:
            g.write(f.read() + " " * (17 << 20))
        rc, _, err = run(["stats", "--merge", big, b])
        check(rc not in (0, None) and "16 MiB" in err, "a shard over 16 MiB is refused (%s)" % err.strip())

        # another run's shard
        c, _ = shards(tmp, "9")
        rc, _, err = run(["stats", "--merge", c, b])
        check(rc == 1 and "not the shards of one run" in err, "a shard of another run is refused (%s)"
              % err.strip())

        # a profile twice
        with open(a) as f:
            text = f.read()
        j = json.loads(text)
        one = json.dumps(profile(j))
        j["profiles"] = ["brogue", "brogue"]
        dup = json.dumps(j).replace('"by_profile": {"brogue": %s}' % one,
                                    '"by_profile": {"brogue": %s, "brogue": %s}' % (one, one))
        twice = os.path.join(tmp, "twice.json")
        with open(twice, "w") as f:
            f.write(dup)
        rc, _, err = run(["stats", "--merge", twice, b])
        check(rc == 1 and "stats-merge" in err and "twice" in err,
              "a shard naming a profile twice is refused (%s)" % err.strip())

        # a feeling twice
        j = json.loads(text)
        ftext = json.dumps(j).replace('"feelings": {', '"feelings": {"x": 1, "x": 2, ', 1)
        ftwice = os.path.join(tmp, "ftwice.json")
        with open(ftwice, "w") as f:
            f.write(ftext)
        rc, _, err = run(["stats", "--merge", ftwice, b])
        check(rc == 1 and "feeling twice" in err, "a feeling twice is refused (%s)" % err.strip())

        # counts past 2^64
        def huge(j):
            j["levels"] = 2 ** 64 - 1
        a3 = rewrite(a, os.path.join(tmp, "huge_a.json"), huge)
        b3 = rewrite(b, os.path.join(tmp, "huge_b.json"), huge)
        rc, out, err = run(["stats", "--merge", a3, b3, "--format", "json"])
        check(rc == 1 and "2^64" in err and not out, "counts past 2^64 are refused, not wrapped (%s)"
              % err.strip())

        # ESC and BEL in a feeling and a template's name
        def bells(j):
            profile(j)["feelings"] = {"boom \x1b[31mred\x07 ring": 3}
            j["templates"][0]["file"] = "rooms/\x1b]0;pwned\x07.xml"
        a4 = rewrite(a, os.path.join(tmp, "bell_a.json"), bells)
        b4 = rewrite(b, os.path.join(tmp, "bell_b.json"), bells)
        for fmt in ("text", "csv", "html"):
            rc, out, err = run(["stats", "--merge", a4, b4, "--format", fmt])
            raw = [c for c in out if c < 0x20 and c not in (9, 10, 13) or c == 0x7f]
            check(rc == 0 and not raw and b"\\x1B" in out,
                  "%s: control bytes escaped (%d raw, rc %s)" % (fmt, len(raw), rc))
        rc, out, err = run(["stats", "--merge", a4, b4, "--format", "json"])
        check(rc == 0 and "boom \x1b[31mred\x07 ring" in json.loads(out)["by_profile"]["brogue"]["feelings"],
              "json keeps the feeling exactly (escaped as JSON)")
    finally:
        shutil.rmtree(tmp)
    print("%d passed, %d failed" % (sum(results), len(results) - sum(results)))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
