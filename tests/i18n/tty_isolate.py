#!/usr/bin/env python3
"""Under a right-to-left UI (LANGUAGE=he, ar) on a terminal, every input
fragment irie quotes in check's messages (a suggestion: every one here holds
ASCII, unlike a quoted translated word) is inside an isolate (LRI ... PDI),
so a bidi terminal keeps it whole; into a pipe, no isolate at all.

Usage: tty_isolate.py IRIE PO_BUILD_DIR    (TAP output)"""
import os
import pty
import re
import subprocess
import sys

LRI, PDI = '\u2066', '\u2069'
INPUTS = ['http://a/\x01\u0622\u0645\u0646/x', 'http://example.org/\u05e9\x7f?q=\x02#f',
          'http://a/%FF\u0645\x1b/b']
QUOTED = re.compile(r'"([^"\n]*)"')


def run(irie, env, args, tty):
    if not tty:
        p = subprocess.run([irie] + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, timeout=30)
        return p.stdout.decode('utf-8')
    master, slave = pty.openpty()
    p = subprocess.Popen([irie] + args, stdout=slave, stderr=slave, stdin=subprocess.DEVNULL, env=env)
    os.close(slave)
    out = b''
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    p.wait(timeout=30)
    os.close(master)
    return out.decode('utf-8').replace('\r\n', '\n')


def main():
    irie, po_build = sys.argv[1], sys.argv[2]
    n = 0
    failed = False
    for lang in ['he', 'ar']:
        env = dict(os.environ, LANGUAGE=lang, LC_ALL='C.UTF-8', LANG='C.UTF-8', IRIE_LOCALEDIR=po_build)
        for iri in INPUTS:
            for tty in (True, False):
                n += 1
                out = run(irie, env, ['check', iri], tty)
                # Input fragments (here every one holds ASCII); a quoted
                # component name is the translation's own word, not input.
                quoted = [q for q in QUOTED.findall(out) if re.search(r'[!-~]', q)]
                if tty:
                    bad = [q for q in quoted if not (q.startswith(LRI) and q.endswith(PDI))]
                    ok = quoted and not bad
                else:
                    bad = [q for q in quoted if LRI in q or PDI in q]
                    ok = quoted and not bad
                what = 'terminal' if tty else 'pipe'
                print('%s %d - %s, %s: %d quoted fragments %s' % (
                    'ok' if ok else 'not ok', n, lang, what, len(quoted),
                    'isolated' if tty else 'bare'))
                if not ok:
                    failed = True
                    print('# ' + repr(out))
    # The translated --help texts: every option name whole in an isolate.
    option = re.compile(r'(?<![\w-])--?[a-z][\w=|-]*')
    for lang in ['he', 'ar']:
        env = dict(os.environ, LANGUAGE=lang, LC_ALL='C.UTF-8', LANG='C.UTF-8', IRIE_LOCALEDIR=po_build)
        for args in (['--help'], ['to-uri', '--help'], ['display', '--help']):
            n += 1
            out = run(irie, env, args, True)
            names = [(m.start(), m.end()) for m in option.finditer(out)]
            bad = [out[a:b] for a, b in names if out[a - 1:a] != LRI or out[b:b + 1] != PDI]
            ok = names and not bad
            print('%s %d - %s, irie %s: %d option names isolated' % (
                'ok' if ok else 'not ok', n, lang, ' '.join(args), len(names)))
            if not ok:
                failed = True
                print('# not isolated: %r' % bad[:5])
    print('1..%d' % n)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
