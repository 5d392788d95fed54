#!/usr/bin/env python3
"""irie check --extract --sarif: the log's structure as SARIF 2.1.0 wants it,
checked by hand (no network: the schema is not fetched).

Usage: check_sarif.py IRIE DOCS_DIR FILE...

Checks: one JSON document; version "2.1.0" and a $schema; one run whose
tool.driver has name "irie", a version and rules with unique ids, each with
shortDescription.text and properties.rule; run.columnKind is
"unicodeCodePoints"; every result has a ruleId among the rules (and
ruleIndex pointing at it), a level among error/warning/note, message.text,
and locations[0].physicalLocation with artifactLocation.uri one of the files
(relative, against uriBaseId %SRCROOT%, which run.originalUriBaseIds gives
as the working directory's file URI) and, when a region is given, startLine
and startColumn >= 1 inside the document; every finding of an IRI has an
end after its start that spans what is written (U+202E itself, its entity
or escape); the exit status is 1 (the documents hold errors), and the
results agree with the text output's FILE:LINE:COL findings one for one.
A rule's shortDescription is the code's title, not one finding's words.
An absolute path is a file: URI (RFC 8089) without a uriBaseId; standard
input has no URI, only a description."""
import json
import os
import re
import subprocess
import sys
import urllib.parse

failures = []


def check(cond, what):
    print(('ok - ' if cond else 'not ok - ') + what)
    if not cond:
        failures.append(what)


def main():
    irie, docs, files = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3:]
    env = dict(os.environ, LC_ALL='C.UTF-8', LANGUAGE='')
    env.pop('IRIE_LOCALEDIR', None)
    r = subprocess.run([irie, 'check', '--extract', '--sarif'] + files, cwd=docs, capture_output=True,
                       env=env, timeout=120)
    check(r.returncode == 1, 'exit status 1 (errors in the documents): %d' % r.returncode)
    log = json.loads(r.stdout.decode('utf-8'))
    check(log.get('version') == '2.1.0', 'version 2.1.0')
    check(isinstance(log.get('$schema'), str) and 'sarif' in log['$schema'], '$schema names SARIF')
    runs = log.get('runs')
    check(isinstance(runs, list) and len(runs) == 1, 'one run')
    run = runs[0]
    driver = run['tool']['driver']
    check(driver.get('name') == 'irie' and isinstance(driver.get('version'), str), 'driver irie with a version')
    check(run.get('columnKind') == 'unicodeCodePoints', 'columnKind unicodeCodePoints')
    rules = driver.get('rules', [])
    ids = [rule.get('id') for rule in rules]
    check(len(ids) == len(set(ids)) and all(ids), 'rules have unique ids')
    check(all(rule.get('shortDescription', {}).get('text') and rule.get('properties', {}).get('rule')
              for rule in rules), 'every rule has a shortDescription and its RFC rule')
    # A title, not the first finding's words ("U+202E", "'<'", a quoted form).
    for rule in rules:
        d = rule.get('shortDescription', {}).get('text', '')
        check(not re.search(r'U\+[0-9A-F]{4}|\'.\'|"', d), 'rule %s: a generic description: %r' % (rule.get('id'), d))
    base = run.get('originalUriBaseIds', {}).get('%SRCROOT%', {}).get('uri')
    check(base == 'file://' + urllib.parse.quote(os.path.abspath(docs)) + '/',
          'originalUriBaseIds %%SRCROOT%% is the working directory: %s' % base)
    results = run.get('results', [])
    check(len(results) > 0, 'results present (%d)' % len(results))
    used = set()
    places = []
    for res in results:
        rid = res.get('ruleId')
        used.add(rid)
        ok = rid in ids and ids[res.get('ruleIndex', -1)] == rid
        ok = ok and res.get('level') in ('error', 'warning', 'note') and res.get('message', {}).get('text')
        loc = res['locations'][0]['physicalLocation']
        art = loc['artifactLocation']
        uri = urllib.parse.unquote(art['uri'])
        ok = ok and uri in files and art.get('uriBaseId') == '%SRCROOT%' and ':' not in art['uri']
        region = loc.get('region')
        if region:
            line, col = region.get('startLine', 0), region.get('startColumn', 0)
            ok = ok and line >= 1 and col >= 1
            text = open(os.path.join(docs, uri), 'rb').read().decode('utf-8', 'replace').split('\n')
            ok = ok and line <= len(text) and col <= len(text[line - 1]) + 1
            places.append('%s:%d:%d' % (uri, line, col))
            if not rid.startswith('IXT_'):
                end_line, end_col = region.get('endLine', line), region.get('endColumn', 0)
                ok = ok and (end_line, end_col) > (line, col)
                written = text[line - 1][col - 1:end_col - 1] if end_line == line else None
                if rid == 'BIDI_FORMATTING_CHARACTER':
                    ok = ok and written in ('\u202e', '&#x202E;', '\\u202E')
        check(bool(ok), 'result %s at %s' % (rid, places[-1] if region else uri))
    check(used <= set(ids), 'a rule for every ruleId')
    check(set(ids) <= used, 'no rule unused')
    t = subprocess.run([irie, 'check', '--extract'] + files, cwd=docs, capture_output=True, env=env,
                       timeout=120)
    text_places = re.findall(r'^([^:\n]+:\d+:\d+): (?:error|warning|info): ',
                             (t.stdout + t.stderr).decode('utf-8', 'replace'), re.M)
    check(sorted(places) == sorted(text_places), 'the same places as the text output (%d)' % len(places))
    # An absolute path: a file URI, no base; standard input: no URI.
    path = os.path.abspath(os.path.join(docs, files[0]))
    a = subprocess.run([irie, 'check', '--sarif', path], capture_output=True, env=env, timeout=120)
    run = json.loads(a.stdout.decode('utf-8'))['runs'][0]
    arts = [res['locations'][0]['physicalLocation']['artifactLocation'] for res in run['results']]
    check(arts and all(x == {'uri': 'file://' + urllib.parse.quote(path)} for x in arts)
          and 'originalUriBaseIds' not in run, 'an absolute path is a file URI: %s' % arts[:1])
    with open(os.path.join(docs, files[0]), 'rb') as f:
        i = subprocess.run([irie, 'check', '--sarif', '--extract=html'], stdin=f, capture_output=True, env=env,
                           timeout=120)
    run = json.loads(i.stdout.decode('utf-8'))['runs'][0]
    arts = [res['locations'][0]['physicalLocation']['artifactLocation'] for res in run['results']]
    check(arts and all(x == {'description': {'text': 'standard input'}} for x in arts),
          'standard input has a description, no URI: %s' % arts[:1])
    return 1 if failures else 0


sys.exit(main())
