#!/usr/bin/env python3
"""irie in other languages, end to end: translated text found in the output.

Usage: run_i18n.py IRIE PO_SOURCE_DIR PO_BUILD_DIR CASES

The expected text is not written here: it is read from the catalogue
(PO_SOURCE_DIR/LANG.po) at test time, so the test follows the translators.
irie runs with LANGUAGE=LANG, LC_ALL=C.UTF-8 (glibc >= 2.35 gives C.UTF-8 a
locale name of its own, so gettext honours LANGUAGE there) and IRIE_LOCALEDIR
=PO_BUILD_DIR (the catalogues meson compiled).

Case file (UTF-8): '#' starts a comment line; a case starts with '== NAME',
then directives, one per line:
  lang: LANG          the catalogue (LANGUAGE=LANG)
  args: ARGS          irie's arguments, split like a shell
  exit: N             expected exit status (default 0)
  out-msg: MSGID      stdout holds the catalogue's translation of MSGID; a
                      MSGID ending in '*' names the message starting so.  A
                      translation with printf directives (%s, %zu, %c...) is
                      looked for piece by piece, each piece in order on one
                      line unless the piece spans lines.  The translation must
                      differ from MSGID (else the case proves nothing).
  err-msg: MSGID      the same for stderr
  out-cells: N REGEX  every stdout line matching REGEX (a Python regular
                      expression with one group) has that group N terminal
                      cells wide (East Asian Wide/Fullwidth = 2, combining
                      marks = 0): the column after it is aligned
"""
import os
import re
import shlex
import subprocess
import sys
import unicodedata

FORMAT = re.compile(r'%(?:%|[-+ #0]*\d*(?:\.\d+)?(?:hh|h|ll|l|z|j|t)?[diouxXcsfgeEp])')


def po_unquote(s):
    """The body of a PO string literal, C escapes decoded."""
    out = []
    i = 0
    esc = {'n': '\n', 't': '\t', '"': '"', '\\': '\\', 'r': '\r', 'a': '\a'}
    while i < len(s):
        c = s[i]
        if c == '\\' and i + 1 < len(s):
            out.append(esc.get(s[i + 1], s[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def read_po(path):
    """msgid -> msgstr for the translated, non-fuzzy, non-obsolete entries."""
    entries = {}
    msgid = msgstr = None
    field = None
    fuzzy = False

    def flush():
        if msgid and msgstr and not fuzzy:
            entries[msgid] = msgstr

    with open(path, encoding='utf-8') as f:
        for raw in f:
            line = raw.rstrip('\n')
            if line.startswith('#~'):
                continue
            if line.startswith('#,'):
                flush()
                msgid = msgstr = None
                field = None
                fuzzy = 'fuzzy' in line
                continue
            if line.startswith('msgid '):
                if field == 'msgstr':
                    flush()
                    fuzzy = fuzzy if msgid is None else False
                msgid, msgstr, field = po_unquote(line[7:-1]), None, 'msgid'
            elif line.startswith('msgstr '):
                msgstr, field = po_unquote(line[8:-1]), 'msgstr'
            elif line.startswith('"') and field:
                if field == 'msgid':
                    msgid += po_unquote(line[1:-1])
                else:
                    msgstr += po_unquote(line[1:-1])
            elif not line.strip():
                flush()
                msgid = msgstr = field = None
                fuzzy = False
    flush()
    return entries


def lookup(entries, key):
    if key.endswith('*'):
        hits = [m for m in entries if m.startswith(key[:-1])]
        if len(hits) != 1:
            raise KeyError('%d messages start with %r' % (len(hits), key[:-1]))
        key = hits[0]
    return key, entries[key]


def cells(s):
    n = 0
    for ch in s:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ('Mn', 'Me', 'Cf'):
            continue
        n += 2 if unicodedata.east_asian_width(ch) in ('W', 'F') else 1
    return n


def found(text, translation):
    """Each literal piece of the translation between printf directives is in
    text, in order."""
    pos = 0
    for piece in FORMAT.split(translation):
        piece = piece.strip()
        if not piece:
            continue
        k = text.find(piece, pos)
        if k < 0:
            return piece
        pos = k + len(piece)
    return None


def parse_cases(path):
    cases = []
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip('\n')
            if not line.strip() or line.lstrip().startswith('#'):
                continue
            if line.startswith('== '):
                cases.append({'name': line[3:].strip(), 'line': n, 'exit': 0, 'checks': []})
                continue
            key, sep, value = line.partition(': ')
            if not sep or not cases:
                raise SystemExit('%s:%d: not a directive: %r' % (path, n, line))
            c = cases[-1]
            if key in ('lang', 'args'):
                c[key] = value
            elif key == 'exit':
                c['exit'] = int(value)
            elif key in ('out-msg', 'err-msg', 'out-cells'):
                c['checks'].append((key, value, n))
            else:
                raise SystemExit('%s:%d: unknown directive %r' % (path, n, key))
    return cases


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    irie, po_dir, mo_dir, case_path = sys.argv[1:]
    catalogues = {}
    failures = 0
    cases = parse_cases(case_path)
    for i, case in enumerate(cases, 1):
        lang = case['lang']
        if lang not in catalogues:
            catalogues[lang] = read_po(os.path.join(po_dir, lang + '.po'))
        env = dict(os.environ, LC_ALL='C.UTF-8', LANG='C.UTF-8', LANGUAGE=lang,
                   IRIE_LOCALEDIR=os.path.abspath(mo_dir))
        p = subprocess.run([irie] + shlex.split(case['args']), env=env, capture_output=True,
                           stdin=subprocess.DEVNULL, timeout=60)
        streams = {'out': p.stdout.decode('utf-8', 'replace'), 'err': p.stderr.decode('utf-8', 'replace')}
        problems = []
        # Translated text is cut, if at all, between characters: the output
        # is always well-formed UTF-8.
        for name, raw in (('stdout', p.stdout), ('stderr', p.stderr)):
            try:
                raw.decode('utf-8')
            except UnicodeDecodeError as e:
                problems.append('%s is not well-formed UTF-8 at byte %d' % (name, e.start))
        if p.returncode != case['exit']:
            problems.append('exit status %d, want %d' % (p.returncode, case['exit']))
        for key, value, line in case['checks']:
            if key == 'out-cells':
                want, _, rx = value.partition(' ')
                matched = 0
                for out_line in streams['out'].splitlines():
                    m = re.search(rx, out_line)
                    if not m:
                        continue
                    matched += 1
                    if cells(m.group(1)) != int(want):
                        problems.append('line %d: %r is %d cells wide, want %s' %
                                        (line, m.group(1), cells(m.group(1)), want))
                if matched == 0:
                    problems.append('line %d: no stdout line matches %r' % (line, rx))
                continue
            try:
                msgid, msgstr = lookup(catalogues[lang], value)
            except KeyError as e:
                problems.append('line %d: %s.po has no translation of %r (%s)' % (line, lang, value, e))
                continue
            if msgstr == msgid:
                problems.append('line %d: %s.po leaves %r as it is: nothing to find' % (line, lang, msgid))
                continue
            missing = found(streams[key[:3]], msgstr)
            if missing is not None:
                problems.append('line %d: std%s lacks %r (from the %s translation of %r)' %
                                (line, key[:3], missing, lang, msgid[:40]))
        if problems:
            failures += 1
            print('not ok %d - %s' % (i, case['name']))
            for pr in problems:
                print('#   ' + pr)
            for name, text in streams.items():
                for out_line in text.splitlines()[:20]:
                    print('#   std%s| %s' % (name, out_line))
        else:
            print('ok %d - %s' % (i, case['name']))
    print('1..%d' % len(cases))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
