#!/usr/bin/env python3
"""tools/check_stages.py: the one-way rule of DESIGN section 2, checked.

Two checks over engine/src, run by the suite (ctest -R stage_boundaries):
  includes  no file includes another stage's *_int.h (the build refuses it
            too; this names every offender at once), every "stage/x.h"
            include names a stage's one shared header, engine/src/seam/
            STAGE/seam.h, and the seam folder holds nothing else (two rules
            for headers: the public ones and one shared header per stage);
  calls     no call cycle between stages: the stages' object files (nm)
            give who calls whom, and the graph must have no cycle.

    check_stages.py SRC [STAGE=OBJ,OBJ,... ...]
    check_stages.py --selftest

Exit 0 when both hold, 1 with one line per fault, 2 on bad arguments.
"""
import os
import re
import subprocess
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def stage_of(rel):
    """The stage of a path under engine/src: its first folder (dig/brogue is dig)."""
    return rel.split('/')[0]


def include_faults(src):
    faults = []
    internal = {}  # basename of each *_int.h -> its stage
    files = []
    for root, _, names in os.walk(src):
        for n in sorted(names):
            rel = os.path.relpath(os.path.join(root, n), src)
            if n.endswith(('.c', '.h')):
                files.append(rel)
            if n.endswith('_int.h') and not rel.startswith('seam/'):
                internal[n] = stage_of(rel)
            if rel.startswith('seam/') and (rel.count('/') != 2 or n != 'seam.h'):
                faults.append('%s: a second header in the seam folder; a stage shares one, '
                              'seam/STAGE/seam.h' % rel)
    for rel in sorted(files):
        with open(os.path.join(src, rel), encoding='utf-8') as f:
            text = f.read()
        own = stage_of(rel)
        for m in INCLUDE.finditer(text):
            inc = m.group(1)
            line = text.count('\n', 0, m.start()) + 1
            base = os.path.basename(inc)
            if base.endswith('_int.h'):
                home = internal.get(base)
                if home is None:
                    faults.append('%s:%d: includes %s, which no stage has' % (rel, line, inc))
                elif home != own or rel.startswith('seam/'):
                    faults.append('%s:%d: includes %s, internal to engine/src/%s'
                                  % (rel, line, inc, home))
            elif '/' in inc and not inc.startswith('roomforge/'):
                if not os.path.isfile(os.path.join(src, 'seam', inc)):
                    faults.append('%s:%d: includes %s, not a stage\'s shared header '
                                  '(engine/src/seam/STAGE/seam.h)' % (rel, line, inc))
    return faults


def symbols(objs):
    """The symbols the objects define and use: one nm for them all (a process
    per object made the check slow on a loaded machine, issue 35)."""
    out = subprocess.run(['nm'] + list(objs), capture_output=True, text=True,
                         check=True).stdout
    defined, used = set(), set()
    for row in out.splitlines():
        parts = row.split()
        if len(parts) == 2 and parts[0] == 'U':
            used.add(parts[1])
        elif len(parts) == 3 and parts[1] in 'TDRBCV':
            defined.add(parts[2])
    return defined, used


def call_edges(stage_objs):
    """{(a, b): symbol} for every call from stage a into stage b."""
    owner, uses = {}, []
    for stage, objs in stage_objs.items():
        if not objs:
            continue
        d, u = symbols(objs)
        for s in d:
            owner[s] = stage
        uses.append((stage, u))
    edges = {}
    for stage, u in uses:
        for s in sorted(u):
            b = owner.get(s)
            if b and b != stage:
                edges.setdefault((stage, b), s)
    return edges


def cycles(edges):
    """The strongly connected components of more than one stage (Tarjan)."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, [])
    index, low, on, stack, out, n = {}, {}, set(), [], [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def cycle_faults(edges):
    faults = []
    for comp in cycles(edges):
        calls = ['%s -> %s (%s)' % (a, b, s) for (a, b), s in sorted(edges.items())
                 if a in comp and b in comp]
        faults.append('call cycle between stages %s: %s' % (', '.join(comp), '; '.join(calls)))
    return faults


def selftest():
    """Both checks must find a planted fault and pass a clean tree."""
    with tempfile.TemporaryDirectory() as t:
        for d in ('a', 'b', 'seam/a'):
            os.makedirs(os.path.join(t, d))
        files = {'a/a_int.h': '', 'b/b_int.h': '', 'seam/a/seam.h': '',
                 'a/one.c': '#include "a_int.h"\n#include "a/seam.h"\n',
                 'b/two.c': '#include "b_int.h"\n#include "a/seam.h"\n'}
        for rel, text in files.items():
            with open(os.path.join(t, rel), 'w') as f:
                f.write(text)
        if include_faults(t):
            return 'a clean tree was refused: %s' % include_faults(t)
        with open(os.path.join(t, 'b/two.c'), 'a') as f:
            f.write('#include "a_int.h"\n#include "a/nope.h"\n')
        with open(os.path.join(t, 'seam/a/more.h'), 'w') as f:
            f.write('')
        if len(include_faults(t)) != 3:
            return 'planted include faults not all found: %s' % include_faults(t)
    if cycle_faults({('a', 'b'): 'f', ('b', 'c'): 'g'}):
        return 'a chain was called a cycle'
    found = cycle_faults({('a', 'b'): 'f', ('b', 'c'): 'g', ('c', 'a'): 'h', ('c', 'd'): 'i'})
    if len(found) != 1 or 'a, b, c' not in found[0]:
        return 'a planted cycle was not found: %s' % found
    return None


def main(argv):
    if argv[1:] == ['--selftest']:
        why = selftest()
        print('check_stages selftest: %s' % (why or 'ok'))
        return 1 if why else 0
    if len(argv) < 2 or not os.path.isdir(argv[1]):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    stage_objs = {}
    for arg in argv[2:]:
        stage, _, objs = arg.partition('=')
        stage_objs[stage] = [o for o in objs.split(',') if o]
    faults = include_faults(argv[1])
    edges = call_edges(stage_objs) if stage_objs else {}
    faults += cycle_faults(edges)
    for f in faults:
        print(f)
    print('%d stages, %d calls between them, %d faults'
          % (len(stage_objs), len(edges), len(faults)))
    return 1 if faults else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
