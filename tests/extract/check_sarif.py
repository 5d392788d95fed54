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
and, when a region is given, startLine and startColumn >= 1 inside the
document; the exit status is 1 (the documents hold errors), and the results
agree with the text output's FILE:LINE:COL findings one for one."""
import json
import os
import re
import subprocess
import sys

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
        uri = loc['artifactLocation']['uri']
        ok = ok and uri in files
        region = loc.get('region')
        if region:
            line, col = region.get('startLine', 0), region.get('startColumn', 0)
            ok = ok and line >= 1 and col >= 1
            text = open(os.path.join(docs, uri), 'rb').read().decode('utf-8', 'replace').split('\n')
            ok = ok and line <= len(text) and col <= len(text[line - 1]) + 1
            places.append('%s:%d:%d' % (uri, line, col))
        check(bool(ok), 'result %s at %s' % (rid, places[-1] if region else uri))
    check(used <= set(ids), 'a rule for every ruleId')
    check(set(ids) <= used, 'no rule unused')
    t = subprocess.run([irie, 'check', '--extract'] + files, cwd=docs, capture_output=True, env=env,
                       timeout=120)
    text_places = re.findall(r'^([^:\n]+:\d+:\d+): (?:error|warning|info): ',
                             (t.stdout + t.stderr).decode('utf-8', 'replace'), re.M)
    check(sorted(places) == sorted(text_places), 'the same places as the text output (%d)' % len(places))
    return 1 if failures else 0


sys.exit(main())
