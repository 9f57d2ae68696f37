#!/usr/bin/env python3
"""tests/cli/check_json.py KIND CMD...: runs CMD and checks its stdout is JSON
of the given shape (lint, sarif, list, show, sim, gen). Exit status: CMD's own code must
be the one named by --rc (default 0)."""
import json, subprocess, sys

def main():
    args = sys.argv[1:]
    rc_want = 0
    if args[0].startswith('--rc='):
        rc_want = int(args[0][5:]); args = args[1:]
    kind, cmd = args[0], args[1:]
    p = subprocess.run(cmd, capture_output=True)
    if p.returncode != rc_want:
        print('exit %d, expected %d: %s' % (p.returncode, rc_want, p.stderr.decode(errors='replace')))
        return 1
    doc = json.loads(p.stdout)
    if kind == 'lint':
        assert set(doc) == {'diagnostics', 'errors', 'warnings'}, doc.keys()
        for d in doc['diagnostics']:
            assert set(d) == {'file', 'line', 'column', 'severity', 'code', 'message'}, d
            assert d['severity'] in ('error', 'warning', 'note')
        assert doc['errors'] == sum(d['severity'] == 'error' for d in doc['diagnostics'])
    elif kind == 'sarif':
        assert doc['version'] == '2.1.0'
        run = doc['runs'][0]
        rules = [r['id'] for r in run['tool']['driver']['rules']]
        for r in run['results']:
            assert r['ruleId'] in rules and rules[r['ruleIndex']] == r['ruleId']
            assert r['level'] in ('error', 'warning', 'note')
            loc = r['locations'][0]['physicalLocation']
            assert loc['artifactLocation']['uri']
            if 'region' in loc:
                assert loc['region']['startLine'] >= 1 and loc['region']['startColumn'] >= 1
        assert run['results'], 'expected at least one result'
    elif kind == 'list':
        keys = {'name', 'file', 'line', 'width', 'height', 'min_level', 'max_level', 'flags',
                'objects', 'scripts', 'doors'}
        assert doc['rooms'], 'no rooms listed'
        for r in doc['rooms']:
            assert set(r) == keys, set(r) ^ keys
    elif kind == 'show':
        assert len(doc['rows']) == doc['height']
        assert all(len(r) == doc['width'] for r in doc['rows'])
    elif kind == 'gen':
        # DESIGN 5: rooms carry their id (1-based, in order) and orientation;
        # objects a handle (1-based, in order) and the id of the room they
        # stand in (0: none), whose box holds them
        room_keys = {'id', 'name', 'kind', 'template', 'x', 'y', 'w', 'h', 'locked', 'lit',
                     'orient', 'forced', 'file', 'line'}
        obj_keys = {'handle', 'type', 'id', 'name', 'x', 'y', 'room', 'count', 'charges',
                    'quality', 'global', 'key', 'horde', 'leader', 'asleep', 'captive', 'machine', 'flags'}
        flag_names = {'in-room', 'on-altar', 'in-cage', 'far-from-door', 'guards', 'spawn-horde',
                      'key', 'not-in-view-of-door'}
        rooms = doc['rooms']
        assert [r['id'] for r in rooms] == list(range(1, len(rooms) + 1))
        for r in rooms:
            assert set(r) == room_keys, set(r) ^ room_keys
            assert 0 <= r['orient'] <= 7 and (r['template'] or r['orient'] == 0), r
            assert (r['file'] is None) == (r['template'] is None) == (r['line'] is None), r
            assert r['template'] or not r['forced'], r
        assert [o['handle'] for o in doc['objects']] == list(range(1, len(doc['objects']) + 1))
        for o in doc['objects']:
            assert set(o) == obj_keys, set(o) ^ obj_keys
            if o['room']:
                r = rooms[o['room'] - 1]
                assert r['x'] <= o['x'] < r['x'] + r['w'] and r['y'] <= o['y'] < r['y'] + r['h'], (o, r)
        assert any(r['forced'] for r in rooms), 'the forced room is not marked'
        # DESIGN 17: machines in order from 1; their objects name them back, stand on
        # their cells; a treasure machine is a reward and a key holder
        machines = doc['machines']
        assert [m['id'] for m in machines] == list(range(1, len(machines) + 1))
        kinds = {}
        for m in machines:
            assert set(m) == {'id', 'blueprint', 'kind', 'treasure', 'room', 'cells', 'objects'}, m
            assert m['kind'] in ('reward', 'key-holder', 'auto') and m['cells'], m
            assert (m['kind'] == 'auto') == (m['treasure'] == 0) == (m['room'] == 0), m
            cells = {tuple(c) for c in m['cells']}
            for h in m['objects']:
                o = doc['objects'][h - 1]
                assert o['machine'] == m['id'] and (o['x'], o['y']) in cells, (o, m)
            if m['treasure']:
                kinds.setdefault(m['treasure'], []).append(m['kind'])
        assert all(sorted(k) == ['key-holder', 'reward'] for k in kinds.values()), kinds
        for o in doc['objects']:
            assert set(o['flags']) <= flag_names and (o['machine'] > 0 or not o['flags']), o
    elif kind == 'sim':
        # one scenario's object, or {"scenarios":[...],"failed":N} for a folder
        fields = {'remove': {'id'}, 'create': {'type', 'id', 'x', 'y'}, 'move': {'id', 'x', 'y'},
                  'set': {'id', 'property', 'value'}, 'spell': {'name', 'from', 'to'},
                  'ticker': {'text'}, 'clock': {'id'}}
        runs = doc['scenarios'] if 'scenarios' in doc else [doc]
        assert runs, 'no scenarios'
        for r in runs:
            if r.get('played') is False:  # a scenario that could not be played
                assert set(r) == {'scenario', 'played'}, r
                continue
            assert set(r) == {'scenario', 'room', 'orient', 'coords', 'ticks', 'effects', 'expects',
                              'failed'}, r.keys()
            assert r['orient'] in range(8) and r['coords'] in ('template', 'room'), r
            last = 0
            for e in r['effects']:
                assert set(e) == {'tick', 'kind', 'effect'} | fields[e['kind']], e
                assert last <= e['tick'] <= r['ticks'], e
                assert e['effect'].split(' ')[0] == e['kind'], e
                last = e['tick']
            for x in r['expects']:
                assert set(x) == {'line', 'tick', 'effect', 'met'}, x
                assert x['met'] == any(e['tick'] == x['tick'] and e['effect'] == x['effect']
                                       for e in r['effects']), x
            assert r['failed'] == sum(not x['met'] for x in r['expects'])
        if 'scenarios' in doc:
            assert set(doc) == {'scenarios', 'failed'}
    else:
        print('unknown kind ' + kind); return 2
    print('1 passed, 0 failed')
    return 0

try:
    sys.exit(main())
except (AssertionError, ValueError, KeyError, IndexError) as e:
    print('0 passed, 1 failed: %r' % (e,))
    sys.exit(1)
