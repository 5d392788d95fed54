#!/usr/bin/env python3
"""Golden test of irie extract / irie check --extract over tests/extract/docs.

Usage: check_cli.py IRIE DOCS_DIR GOLDEN [--update] -- ARGS...

Runs IRIE ARGS in DOCS_DIR (so file names print as given) and compares
stdout, stderr and the exit status with GOLDEN:

    stdout lines
    --- stderr
    stderr lines
    --- exit N

Every FILE:LINE:COL the output names is also checked against the document:
the line exists and COL (code points) is within it -- and for extract's text
lines, the document at LINE:COL starts with the IRI's first character or
with a character that begins an escape or a prefixed name ('&', '\\', ':', a
name character), so a wrong column cannot pass unnoticed.  With
--columns=bytes COL counts UTF-8 bytes of the line: it must fall on a
character's first byte, and that character is checked as above."""
import os
import re
import subprocess
import sys


def doc_lines(docs, name, cache):
    if name not in cache:
        path = os.path.join(docs, name)
        raw = open(path, 'rb').read()
        enc = 'shift_jis' if name.startswith('sjis') else 'cp1255' if name.startswith('cp1255') else 'utf-8'
        cache[name] = raw.decode(enc, errors='replace')
        cache[name] = re.split(r'\r\n|\r|\n', cache[name])  # extract.h's line ends
    return cache[name]


def code_point_column(line, byte_col):
    """The code point column of byte column BYTE_COL on LINE, or None when it
    does not start a character."""
    at = 1
    for i, ch in enumerate(line + ' '):
        if at == byte_col:
            return i + 1
        at += len(ch.encode('utf-8'))
    return None


def check_places(out, docs, extract_text, byte_cols):
    problems = []
    cache = {}
    for line in out.splitlines():
        m = re.match(r'^([^:\t]+):(\d+):(\d+)(:|\t)(.*)$', line)
        if not m or m.group(1) == '-' or not os.path.exists(os.path.join(docs, m.group(1))):
            continue
        name, ln, col, sep, rest = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4), m.group(5)
        lines = doc_lines(docs, name, cache)
        if byte_cols and 1 <= ln <= len(lines):
            col = code_point_column(lines[ln - 1], col)
            if col is None:
                problems.append('byte column not at a character: ' + line)
                continue
        if ln < 1 or ln > len(lines) or col < 1 or col > len(lines[ln - 1].rstrip('\r')) + 1:
            problems.append('out of the document: ' + line)
            continue
        if extract_text and sep == '\t':
            iri = rest.split('\t')[0]
            at = lines[ln - 1][col - 1:col]
            if iri and at != iri[0] and at not in '&\\%:' and not at.isalnum():
                problems.append('column does not start the IRI (%r at %d:%d): %s' % (at, ln, col, line))
    return problems


def main():
    argv = sys.argv[1:]
    sep = argv.index('--')
    irie, docs, golden = argv[0], argv[1], argv[2]
    update = '--update' in argv[3:sep]
    args = argv[sep + 1:]
    env = dict(os.environ, LC_ALL='C.UTF-8', LANGUAGE='')
    env.pop('IRIE_LOCALEDIR', None)
    r = subprocess.run([os.path.abspath(irie)] + args, cwd=docs, capture_output=True, env=env, timeout=120)
    got = r.stdout.decode('utf-8', 'replace') + '--- stderr\n' + r.stderr.decode('utf-8', 'replace') + \
        '--- exit %d\n' % r.returncode
    if update:
        open(golden, 'w', encoding='utf-8').write(got)
    want = open(golden, encoding='utf-8').read()
    ok = True
    if got != want:
        ok = False
        import difflib
        sys.stdout.writelines(difflib.unified_diff(want.splitlines(True), got.splitlines(True), golden, 'got'))
    text_extract = args and args[0] == 'extract' and '--json' not in args
    for p in check_places(r.stdout.decode('utf-8', 'replace') + r.stderr.decode('utf-8', 'replace'),
                          docs, text_extract, '--columns=bytes' in args):
        ok = False
        print(p)
    return 0 if ok else 1


sys.exit(main())
