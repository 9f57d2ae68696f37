#!/usr/bin/env python3
"""tests/cli/check_sarif.py FILE relative|absolute: checks a roomforge SARIF log
against the SARIF 2.1.0 rules that need no network (DESIGN 5, issue 35): version
2.1.0; every result's artifactLocation.uri an RFC 3986 URI reference, normalised
(no '//', no '.' segment); a relative one with uriBaseId "%SRCROOT%", declared
in run.originalUriBaseIds (whose entry, if it has a uri, is absolute and ends in
'/'); an absolute one a file:// URI with no uriBaseId (SARIF 3.4.4: a uriBaseId
goes with a relative uri only). 'relative' or 'absolute' says which every
location of FILE must be. Exit 0 when it holds, 1 with the reasons."""
import json, re, sys

URI_CHARS = re.compile(r"^(?:[A-Za-z0-9\-._~/!$&'()*+,;=:@]|%[0-9A-F]{2})*$")
SCHEME = re.compile(r'^[A-Za-z][A-Za-z0-9+.\-]*:')

def normalised(path):
    segs = path.split('/')
    return '' not in segs[1:] and '.' not in segs

def check(doc, want):
    errs = []
    if doc.get('version') != '2.1.0':
        errs.append('version is %r, not "2.1.0"' % doc.get('version'))
    runs = doc.get('runs')
    if not isinstance(runs, list) or not runs:
        return errs + ['no runs']
    for run in runs:
        driver = run['tool']['driver']
        rules = [r['id'] for r in driver.get('rules', [])]
        bases = run.get('originalUriBaseIds', {})
        for name, loc in bases.items():
            if 'uri' in loc and not (SCHEME.match(loc['uri']) and loc['uri'].endswith('/')):
                errs.append('originalUriBaseIds %s: uri %r is not absolute with a final /'
                            % (name, loc['uri']))
        results = run.get('results', [])
        if not results:
            errs.append('no results')
        for r in results:
            if 'ruleIndex' in r and rules[r['ruleIndex']] != r['ruleId']:
                errs.append('ruleIndex %d is not %s' % (r['ruleIndex'], r['ruleId']))
            if r.get('level') not in ('error', 'warning', 'note', 'none'):
                errs.append('level %r' % r.get('level'))
            for loc in r['locations']:
                phys = loc['physicalLocation']
                art = phys['artifactLocation']
                uri = art.get('uri', '')
                if not URI_CHARS.match(uri):
                    errs.append('uri %r holds characters a URI may not' % uri)
                if 'region' in phys and phys['region'].get('startLine', 1) < 1:
                    errs.append('region of %r starts before line 1' % uri)
                if 'uriBaseId' in art:
                    if want != 'relative':
                        errs.append('uri %r is relative, expected absolute' % uri)
                    if art['uriBaseId'] != '%SRCROOT%':
                        errs.append('uriBaseId %r is not %%SRCROOT%%' % art['uriBaseId'])
                    if art['uriBaseId'] not in bases:
                        errs.append('uriBaseId %r not in originalUriBaseIds' % art['uriBaseId'])
                    if SCHEME.match(uri) or uri.startswith('/'):
                        errs.append('uri %r with a uriBaseId is not a relative reference' % uri)
                    if not normalised(uri):
                        errs.append('uri %r is not normalised' % uri)
                else:
                    if want != 'absolute':
                        errs.append('uri %r is absolute, expected relative' % uri)
                    if not uri.startswith('file:///'):
                        errs.append('uri %r without a uriBaseId is no file:// URI' % uri)
                    elif not normalised(uri[len('file://'):]):
                        errs.append('uri %r is not normalised' % uri)
    return errs

def main():
    path, want = sys.argv[1], sys.argv[2]
    with open(path, encoding='utf-8') as f:
        doc = json.load(f)
    errs = check(doc, want)
    for e in errs[:20]:
        print('check_sarif: %s: %s' % (path, e))
    return 1 if errs else 0

if __name__ == '__main__':
    sys.exit(main())
