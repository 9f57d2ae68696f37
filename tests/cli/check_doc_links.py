#!/usr/bin/env python3
# tests/cli/check_doc_links.py SRCDIR: every relative link of README.md and
# docs/*.md names a file that exists and, with #anchor, a heading of it
# (GitHub's anchors: lower case, punctuation dropped, blanks as '-'), so
# moving a section or a file cannot leave the guides pointing nowhere; a
# link out of the repository fails too, since a clone has its own tree only.
import os
import re
import sys


def anchors(path):
    out = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^#+\s+(.*)", line)
            if m:
                t = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower())
                out.add(t.replace(" ", "-"))
    return out


def main():
    if len(sys.argv) != 2:
        print("usage: check_doc_links.py SRCDIR", file=sys.stderr)
        return 2
    src = sys.argv[1]
    docs = ["README.md"] + sorted(
        os.path.join("docs", f) for f in os.listdir(os.path.join(src, "docs")) if f.endswith(".md"))
    bad = links = 0
    for doc in docs:
        with open(os.path.join(src, doc), encoding="utf-8") as f:
            text = re.sub(r"```.*?```", "", f.read(), flags=re.S)  # code blocks hold no links
        for m in re.finditer(r"\]\(([^)\s]+)\)", text):
            link = m.group(1)
            if re.match(r"[a-z]+:", link):
                continue
            links += 1
            path, _, anchor = link.partition("#")
            target = os.path.normpath(os.path.join(src, os.path.dirname(doc), path)) if path \
                else os.path.join(src, doc)
            if os.path.relpath(target, src).startswith(os.pardir):
                print(f"FAIL: {doc}: {link}: leaves the repository (a clone has only its own tree)")
                bad += 1
            elif not os.path.exists(target):
                print(f"FAIL: {doc}: {link}: no such file")
                bad += 1
            elif anchor and target.endswith(".md") and anchor not in anchors(target):
                print(f"FAIL: {doc}: {link}: no heading #{anchor}")
                bad += 1
    print(f"{links - bad} links good, {bad} broken")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
