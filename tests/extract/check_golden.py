#!/usr/bin/env python3
"""Runs extract_dump on one document and compares with its golden output.

Usage: check_golden.py DUMP GOLDEN DOC [DUMP-OPTIONS...]

Besides the golden comparison, every found line LINE:COL<TAB>KIND<TAB>RAW...
is checked against the document itself: line LINE of the document (decoded
in the charset the dump names) must have RAW starting at code point COL,
and with --bytes the document's bytes [byte, byte_end) must be RAW and the
byte column must be 1 + the UTF-8 bytes of the line before COL (extract.h).
IRIE_UPDATE_GOLDEN=1 rewrites the golden file instead (then read it by hand).
"""
import difflib
import os
import re
import subprocess
import sys


def unescape(s):
    return re.sub(r'\\u\{([0-9A-F]+)\}', lambda m: chr(int(m.group(1), 16)), s)


def check_places(out, doc):
    charset = 'utf-8'
    m = re.search(r'^# \S+ \S+ (\S+)', out, re.M)
    if m:
        charset = m.group(1)
    raw = open(doc, 'rb').read()
    text = raw.decode(charset if charset.lower() != 'utf-8' else 'utf-8-sig', errors='replace')
    lines = re.split(r'\r\n|\r|\n', text)  # extract.h's line ends: LF, CRLF, lone CR
    bad = []
    last_raw = last_place = None
    for row in out.splitlines():
        f = row.split('\t')
        m = re.match(r'^\tbytes (\d+)-(\d+) column (\d+)$', row)
        if m and last_raw is not None:
            got = raw[int(m.group(1)):int(m.group(2))].decode(charset, errors='replace')
            if got != last_raw:
                bad.append('%s: document bytes are %r, dump says %r' % (row.strip(), got, last_raw))
            line, col = last_place
            want_col = len(lines[line - 1][:col - 1].encode('utf-8')) + 1 if line <= len(lines) else 0
            if int(m.group(3)) != want_col:
                bad.append('%d:%d: byte column %s, the document says %d' % (line, col, m.group(3), want_col))
            continue
        if len(f) < 4 or not re.match(r'^\d+:\d+$', f[0]) or f[1].startswith('!'):
            continue
        line, col = last_place = tuple(map(int, f[0].split(':')))
        want = last_raw = unescape(f[2])
        got = lines[line - 1][col - 1:col - 1 + len(want)] if line <= len(lines) else ''
        if got != want:
            bad.append('%s: document has %r there, dump says %r' % (f[0], got, want))
    return bad


def main():
    dump, golden, doc = sys.argv[1:4]
    opts = sys.argv[4:]
    res = subprocess.run([dump] + opts + [doc], capture_output=True)
    if res.returncode != 0:
        print('extract_dump exited %d: %s' % (res.returncode, res.stderr.decode()))
        return 1
    out = res.stdout.decode('utf-8', errors='replace')
    if os.environ.get('IRIE_UPDATE_GOLDEN'):
        open(golden, 'w', encoding='utf-8').write(out)
        return 0
    fails = check_places(out, doc)
    want = open(golden, encoding='utf-8').read()
    if out != want:
        fails.append(''.join(difflib.unified_diff(want.splitlines(True), out.splitlines(True),
                                                  'golden', 'now')))
    for f in fails:
        print(f)
    print('%s: %s' % (os.path.basename(doc), 'FAIL' if fails else 'ok'))
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
