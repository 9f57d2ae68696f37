#!/usr/bin/env python3
# tests/cli/check_file_tops.py SRCDIR [--stats]: every .c and .h under engine/,
# tools/ and lua/ opens with a file-top comment (STYLE B4) whose first line names the
# file's own path and which is at most 12 lines long; names every offender.
import os
import re
import sys

MAX_LINES = 12
ROOTS = ("engine", "tools", "lua")


def file_top(text):
    """The opening /* ... */ block (an SPDX line may come first), or None."""
    lines = text.split("\n")
    i = 0
    if lines and lines[0].startswith("// SPDX"):
        i = 1
    if i >= len(lines) or not lines[i].lstrip().startswith("/*"):
        return None
    for j in range(i, len(lines)):
        if "*/" in lines[j]:
            return lines[i:j + 1]
    return None


def names_path(first, rel):
    """The first line names rel, or the form roomforge/x.h a public or
    internal header is included by."""
    m = re.match(r"\s*/\*+\s*(\S+?):", first)
    if not m:
        return False
    named = m.group(1)
    if named == rel:
        return True
    for pub in ("engine/include/",):
        if rel.startswith(pub) and named == rel[len(pub):]:
            return True
    return False


def main():
    args = [a for a in sys.argv[1:] if a != "--stats"]
    if len(args) != 1:
        print("usage: check_file_tops.py SRCDIR [--stats]", file=sys.stderr)
        return 2
    src = args[0]
    bad, sizes = [], []
    for root in ROOTS:
        for d, dirs, names in os.walk(os.path.join(src, root)):
            dirs.sort()
            for n in sorted(names):
                if not n.endswith((".c", ".h")):
                    continue
                path = os.path.join(d, n)
                rel = os.path.relpath(path, src).replace(os.sep, "/")
                with open(path, encoding="utf-8") as f:
                    top = file_top(f.read())
                if top is None:
                    bad.append("%s: no file-top comment" % rel)
                    continue
                sizes.append((len(top), rel))
                if not names_path(top[0], rel):
                    bad.append("%s:1: file-top comment does not start with '/* %s: '"
                               % (rel, rel))
                if len(top) > MAX_LINES:
                    bad.append("%s: file-top comment is %d lines (at most %d)"
                               % (rel, len(top), MAX_LINES))
    if "--stats" in sys.argv and sizes:
        avg = sum(s for s, _ in sizes) / len(sizes)
        big = max(sizes)
        print("%d files, average %.1f lines, longest %d (%s), %d over %d"
              % (len(sizes), avg, big[0], big[1],
                 sum(1 for s, _ in sizes if s > MAX_LINES), MAX_LINES))
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
