#!/usr/bin/env python3
"""Hostile input through irie's batch commands, on pseudo-terminals, in the
editor and in the viewer (issue 5): never crash, never hang, never lose the
user's text, never let input reach the terminal as a command.

Usage: run_hostile.py IRIE VTDRIVE [CASES] [--only PARTS] [--filter REGEX]
                      [--jobs N] [--keep DIR] [-v]

CASES defaults to cases.txt beside this script (its header describes the
rows).  PARTS is a comma-separated subset of batch,pty,tui,view (default all).
--jobs N: N batch runs at a time, and N editor or viewer runs beside them
(default 2).
--filter runs only the rows whose name matches REGEX; --keep leaves the
generated vtdrive scripts and raw terminal output in DIR.

batch: every row, every command in COMMANDS, with the row's text between two
  sentinel lines on stdin.  Asserts: not killed by a signal, exit 0 or 1, no
  sanitizer report, the sentinels' results present and equal to the results of
  a run without the hostile line (those are checked against known values),
  one result for the hostile line, stderr lines naming line 2 and a column
  inside the line, --json lines parse, to-uri output ASCII only, the JSON
  'input' the text itself when it is UTF-8.
pty: the rows flagged pty, every command, stdout and stderr on a
  pseudo-terminal: nothing written contains ESC, NUL, DEL, another C0 control
  but LF, a C1 control (raw or as UTF-8), ill-formed UTF-8 or a bidi control.
tui: every row that fits the editor, through tests/tui/vtdrive.c: opened as
  the argument (when it fits MAX_ARG_STRLEN), killed and yanked back, then
  pasted after it (bracketed); the title is never set, the raw terminal output
  holds none of the input's controls, F1 opens the help (Left does nothing
  there, q closes it), Enter prints the argument followed by the paste.
  Rows over the cap are pasted into a short text: the paste is cut, the
  status says so, and undo gives the old text back intact.
view: 'irie view' on a file of every row: the same terminal promises, Down
  reaches the last line, F8 there finds no further warning, Enter prints the
  last line's own bytes.

IRIE_TEST_SCALE=small in the environment makes the big rows smaller where
that changes no path through irie (see SMALL_DIVISORS); the output lists them.

Exit status 0 when every check passed, 1 otherwise (failures on stderr).
"""
import concurrent.futures
import json
import os
import re
import select
import subprocess
import sys
import tempfile
import threading
import time
import tty

HERE = os.path.dirname(os.path.abspath(__file__))

# app/batch.c BATCH_MAX_LINE_BYTES, input/edit_buffer.h EDB_MAX_TEXT_BYTES,
# input/input_keys.h INK_PASTE_MAX_BYTES, Linux MAX_ARG_STRLEN.
BATCH_MAX_LINE = 16 << 20
EDIT_MAX = 1 << 20
PASTE_MAX = 1 << 20
ARG_MAX_STRLEN = 128 << 10
# vtdrive keeps at most 16 MiB of input for the command: bigger rows are
# batch only (the million labels, 2 MB, cover the paste over the cap).
TUI_MAX_INPUT = 8 << 20

# A hang is caught by this, not measured (the big rows are slow under ASan).
RUN_TIMEOUT = 600

# IRIE_TEST_SCALE=small (tools/test's sanitizer build, meson.build's valgrind
# setup), where the runs are there to find memory errors, not to load irie:
# a row of SMALL_ROW_BYTES or more is made smaller by the first of
# SMALL_DIVISORS (its repeat and fill_to counts divided) that leaves it on
# the same side of every cap the part decides by (paths_taken); a row no
# divisor keeps there stays as written.  Every check is the same.
SMALL = os.environ.get('IRIE_TEST_SCALE') == 'small'
SMALL_ROW_BYTES = 100000
SMALL_DIVISORS = (10, 4, 2)

SENTINEL_1 = b'http://example.org/s%C3%BCd?q=1#f'
SENTINEL_3 = 'http://example.org/שלוםabc'.encode()
BASE = 'http://base.example/dir/file?q#frag'
FIXED = b'http://example.org/s%C3%BCd?q=1#f'
PLAIN_MIDDLE = b'http://example.org/'   # no findings, one result

# name, arguments after 'irie', output shape, stdin line from the text
COMMANDS = [
    ('to-uri', ['to-uri'], 'single'),
    ('to-uri --json', ['to-uri', '--json'], 'json'),
    ('to-iri', ['to-iri'], 'single'),
    ('to-iri --charset=Shift_JIS', ['to-iri', '--charset=Shift_JIS'], 'single'),
    ('check', ['check'], 'check'),
    ('check --json', ['check', '--json'], 'json'),
    ('host', ['host'], 'host'),
    ('host --json', ['host', '--json'], 'json'),
    ('explain', ['explain'], 'explain'),
    ('display', ['display'], 'display'),
    ('show', ['show'], 'show'),
    ('resolve', ['resolve', BASE], 'single'),
    ('compare', ['compare'], 'single'),
]

# What the runs without the hostile line must give (so "equal to the
# reference" means "correct").
REFERENCE_CHECKS = {
    'to-uri': [rb'^http://example\.org/s%C3%BCd\?q=1#f$',
               rb'^http://example\.org/%D7%A9%D7%9C%D7%95%D7%9Dabc$'],
    'to-iri': [('^http://example\\.org/süd\\?q=1#f$').encode(),
               ('^http://example\\.org/שלוםabc$').encode()],
    'check': [rb'^3:20: warning: BIDI_MIXED_DIRECTION: '],
    'to-iri --charset=Shift_JIS': [('^http://example\\.org/sﾃｼd\\?q=1#f$').encode(),
                                   ('^http://example\\.org/שלוםabc$').encode()],
    'to-uri --json': [rb'^\{"input":"http://example\.org/s%C3%BCd\?q=1#f","uri":"http://example\.org/s%C3%BCd\?q=1#f"'],
    'check --json': [rb'^\{"input":"http://example\.org/s%C3%BCd\?q=1#f","diagnostics":\[\]\}$',
                     rb'"code":"BIDI_MIXED_DIRECTION"'],
    'resolve': [rb'^http://example\.org/s%C3%BCd\?q=1#f$', ('^http://example\\.org/שלוםabc$').encode()],
    'compare': [rb'^(simple|syntax|scheme|protocol)', rb'^different$'],
}

BIDI_CONTROLS = [0x200E, 0x200F, 0x061C] + list(range(0x202A, 0x202F)) + list(range(0x2066, 0x206A))
C0_AND_DEL = set(range(0x20)) - {0x0A, 0x09} | {0x7F}
UNSAFE_CPS = re.compile('[\x80-\x9f' + ''.join(chr(c) for c in BIDI_CONTROLS) + ']')
SANITIZER_MARKS = [b'ERROR: AddressSanitizer', b'runtime error', b'ERROR: LeakSanitizer',
                   b'AddressSanitizer:DEADLYSIGNAL', b'==ERROR', b'SUMMARY: UndefinedBehaviorSanitizer']


# ---- the case table -----------------------------------------------------------

class SpecError(Exception):
    pass


def unescape(s):
    """A quoted TEXT of the table (without its quotes) -> bytes."""
    out = bytearray()
    simple = {'e': b'\x1b', 'a': b'\x07', 'b': b'\x08', 't': b'\t', 'r': b'\r',
              '0': b'\0', '\\': b'\\', '"': b'"'}
    i = 0
    while i < len(s):
        c = s[i]
        if c != '\\':
            out += c.encode()
            i += 1
            continue
        if i + 1 >= len(s):
            raise SpecError('backslash at the end of a string')
        e = s[i + 1]
        if e in simple:
            out += simple[e]
            i += 2
            continue
        digits = {'x': 2, 'u': 4, 'U': 8}.get(e)
        if not digits or not re.fullmatch('[0-9A-Fa-f]{%d}' % digits, s[i + 2:i + 2 + digits]):
            raise SpecError('bad escape \\%s' % e)
        v = int(s[i + 2:i + 2 + digits], 16)
        out += bytes([v]) if e == 'x' else chr(v).encode('utf-8', 'surrogatepass')
        i += 2 + digits
    return bytes(out)


def expand(spec, divisor=1):
    """A SPEC of the table -> the input's bytes; divisor > 1 divides the
    counts of repeat and fill_to (IRIE_TEST_SCALE=small)."""
    out = bytearray()
    i = 0
    n = len(spec)

    def skip():
        nonlocal i
        while i < n and spec[i] in ' \t':
            i += 1

    def string():
        nonlocal i
        skip()
        if i >= n or spec[i] != '"':
            raise SpecError('expected a "string" at %r' % spec[i:i + 20])
        j = i + 1
        while j < n and spec[j] != '"':
            j += 2 if spec[j] == '\\' else 1
        if j >= n:
            raise SpecError('unterminated string')
        s = unescape(spec[i + 1:j])
        i = j + 1
        return s

    def number(base):
        nonlocal i
        skip()
        m = re.match('[0-9A-Fa-f]+', spec[i:])
        if not m:
            raise SpecError('expected a number at %r' % spec[i:i + 20])
        i += m.end()
        return int(m.group(0), base)

    def expect(c):
        nonlocal i
        skip()
        if i >= n or spec[i] != c:
            raise SpecError('expected %r at %r' % (c, spec[i:i + 20]))
        i += 1

    while True:
        skip()
        m = re.match(r'(repeat|fill_to|chars|bytes)\(', spec[i:])
        if m:
            i += m.end()
            fn = m.group(1)
            if fn == 'repeat':
                s = string()
                expect(',')
                out += s * max(1, number(10) // divisor)
            elif fn == 'fill_to':
                total = number(10)
                if divisor > 1:
                    total = max(total // divisor, len(out) + 1)
                expect(',')
                s = string()
                if not s or total < len(out):
                    raise SpecError('fill_to: nothing to fill with, or already longer')
                need = total - len(out)
                out += (s * (need // len(s) + 1))[:need]
            else:
                a = number(16)
                expect(',')
                b = number(16)
                if fn == 'chars':
                    out += ''.join(chr(c) for c in range(a, b + 1)).encode('utf-8', 'surrogatepass')
                else:
                    out += bytes(range(a, b + 1))
            expect(')')
        else:
            out += string()
        skip()
        if i >= n:
            return bytes(out)
        expect('+')


class Case:
    def __init__(self, name, flags, text, lineno, spec):
        self.name = name
        self.flags = flags
        self.text = text
        self.lineno = lineno
        self.spec = spec
        self.col = None
        for f in flags:
            if f.startswith('col='):
                self.col = int(f[4:])
        self.pty = 'pty' in flags
        self.paste = 'nopaste' not in flags


def load_cases(path):
    cases = []
    names = set()
    with open(path, encoding='utf-8') as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip('\n')
            if not line.strip() or line.lstrip().startswith('#'):
                continue
            parts = line.split('|', 2)
            if len(parts) != 3:
                raise SpecError('%s:%d: expected NAME | FLAGS | SPEC' % (path, lineno))
            name = parts[0].strip()
            flags = [] if parts[1].strip() == '-' else [x.strip() for x in parts[1].split(',')]
            for fl in flags:
                if fl not in ('pty', 'nopaste') and not re.fullmatch(r'col=\d+', fl):
                    raise SpecError('%s:%d: unknown flag %r' % (path, lineno, fl))
            try:
                text = expand(parts[2].strip())
            except SpecError as e:
                raise SpecError('%s:%d: %s' % (path, lineno, e))
            if b'\n' in text or not text or name in names:
                raise SpecError('%s:%d: a row needs a unique name and a non-empty text without a newline'
                                % (path, lineno))
            names.add(name)
            cases.append(Case(name, flags, text, lineno, parts[2].strip()))
    return cases


# ---- helpers ------------------------------------------------------------------------

def show(b, limit=160):
    r = repr(b[:limit])
    return r + ('...(%d bytes)' % len(b) if len(b) > limit else '')


def env_c_utf8():
    env = dict(os.environ)
    for k in list(env):
        if k.startswith('LC_') or k in ('LANGUAGE', 'LINES', 'COLUMNS'):
            del env[k]
    env['LANG'] = env['LC_ALL'] = 'C.UTF-8'
    return env


def sanitizer_report(*streams):
    for s in streams:
        for m in SANITIZER_MARKS:
            if m in s:
                return m.decode()
    return None


def status_problem(rc, allowed=(0, 1)):
    if rc is None:
        return 'did not finish'
    if rc < 0:
        return 'killed by signal %d' % -rc
    if rc not in allowed:
        return 'exit status %d (expected %s)' % (rc, ' or '.join(map(str, allowed)))
    return None


def utf8_strict(b):
    try:
        return b.decode('utf-8')
    except UnicodeDecodeError:
        return None


# LRI ... PDI, or LRI LRO ... PDF PDI around a bidi finding's rendering
# (screen order kept on a terminal that reorders; app/batch_out.c).
OWN_ISOLATE = re.compile('("|^  )\u2066(?:\u202d([^\u2066\u2069\u202a-\u202e\n]*)\u202c'
                         '|([^\u2066\u2069\n]*))\u2069("|  )', re.M)


def terminal_problems(out):
    """What a terminal must never receive from irie (batch output on a tty)."""
    probs = []
    for name, byte in (('ESC', 0x1B), ('NUL', 0x00), ('DEL', 0x7F)):
        if byte in out:
            probs.append('%s at byte %d' % (name, out.index(byte)))
    c0 = [b for b in set(out) if b < 0x20 and b not in (0x0A, 0x1B, 0x00)]
    if c0:
        probs.append('C0 controls %s' % sorted(c0))
    s = utf8_strict(out)
    if s is None:
        try:
            out.decode('utf-8')
        except UnicodeDecodeError as e:
            probs.append('ill-formed UTF-8 (a raw C1 or other byte) at byte %d: %s'
                         % (e.start, show(out[max(0, e.start - 20):e.start + 10])))
        s = out.decode('utf-8', 'replace')
    # irie's own isolates on a terminal (LRI ... PDI around a quoted
    # suggestion, and explain's character column) are not input's: dropped
    # before the check, their content still checked.
    s = OWN_ISOLATE.sub(lambda m: m.group(1) + (m.group(2) if m.group(2) is not None else m.group(3))
                        + m.group(4), s)
    for ch in set(s):
        o = ord(ch)
        if 0x80 <= o <= 0x9F:
            probs.append('C1 control U+%04X as UTF-8' % o)
        if o in BIDI_CONTROLS:
            probs.append('bidi control U+%04X' % o)
    return probs


def controls_in(b):
    """The controls (C0 but LF and TAB, DEL, C1 raw or as UTF-8) and bidi
    controls in b, as a set of code points (a raw C1 byte as itself)."""
    found = set(b) & C0_AND_DEL
    found |= set(ord(c) for c in UNSAFE_CPS.findall(b.decode('utf-8', 'replace')))
    return found


def created_controls(text, out, allow_bidi):
    """Output to a pipe is the input's own bytes, but irie must not make
    controls out of escapes: a control in the output that the input did not
    have (display's marked form adds its own bidi marks)."""
    new = controls_in(out) - controls_in(text)
    if allow_bidi:
        new -= set(BIDI_CONTROLS)
    return ['the output has %s, which the input did not: decoded from an escape?'
            % ', '.join('U+%04X' % c for c in sorted(new))] if new else []


# ---- batch ------------------------------------------------------------------------

def stdin_for(cmd_name, text):
    lines = [SENTINEL_1, text, SENTINEL_3]
    if cmd_name == 'compare':
        lines = [l + b'\t' + FIXED for l in lines]
    return b'\n'.join(lines) + b'\n'


def run_batch(irie, args, data, on_pty=False):
    """-> (returncode, stdout, stderr); stdout and stderr are one stream on a pty."""
    cmd = [irie] + args
    if not on_pty:
        p = subprocess.run(cmd, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=env_c_utf8(), timeout=RUN_TIMEOUT)
        return p.returncode, p.stdout, p.stderr
    master, slave = os.openpty()
    tty.setraw(slave)   # no CR added, no echo: the bytes as irie wrote them
    try:
        p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=slave, stderr=slave,
                             env=env_c_utf8(), start_new_session=True)
    finally:
        os.close(slave)

    def feed():
        try:
            p.stdin.write(data)
            p.stdin.close()
        except BrokenPipeError:
            pass
    t = threading.Thread(target=feed, daemon=True)
    t.start()
    got = bytearray()
    deadline = time.monotonic() + RUN_TIMEOUT
    try:
        while time.monotonic() < deadline:
            r, _, _ = select.select([master], [], [], 1.0)
            if r:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break   # EIO: every slave side is closed
                if not chunk:
                    break
                got += chunk
        else:
            p.kill()
            raise subprocess.TimeoutExpired(cmd, RUN_TIMEOUT)
        rc = p.wait(timeout=RUN_TIMEOUT)
    finally:
        os.close(master)
    t.join()
    return rc, bytes(got), b''


def split_lines(b):
    lines = b.split(b'\n')
    if lines and lines[-1] == b'':
        lines.pop()
    return lines


def blocks(lines, starts):
    """Lines grouped into blocks, each starting at a line with the prefix."""
    out = []
    for l in lines:
        if l.startswith(starts) or l == b'' or not out:
            out.append([])
        out[-1].append(l)
    return out


def shape_problems(shape, lines, ref):
    """ref: the stdout lines of the run with PLAIN_MIDDLE between the sentinels."""
    if shape in ('single', 'json'):
        if len(lines) != 3:
            return ['%d output lines for 3 input lines' % len(lines)]
        probs = []
        if lines[0] != ref[0]:
            probs.append('first sentinel: %s, expected %s' % (show(lines[0]), show(ref[0])))
        if lines[2] != ref[2]:
            probs.append('second sentinel: %s, expected %s' % (show(lines[2]), show(ref[2])))
        return probs
    if shape == 'check':
        n = len(ref)   # PLAIN_MIDDLE has no findings: all are line 3's
        if lines[-n:] != ref:
            return ['the second sentinel\'s findings are missing or changed: %s'
                    % show(b'\n'.join(lines[-n:]))]
        bad = [l for l in lines[:-n] if not l.startswith(b'2:')]
        return ['a finding not of line 2: %s' % show(bad[0])] if bad else []
    per = {'host': 5, 'display': 5}.get(shape)
    if per:
        if len(ref) != 3 * per:
            return ['reference has %d lines' % len(ref)]
        if lines[:per] != ref[:per] or lines[-per:] != ref[-per:]:
            return ['a sentinel\'s block is missing or changed']
        middle = len(lines) - 2 * per
        if middle not in (per, 1):
            return ['%d output lines for the hostile input (expected %d, or 1 when refused)' % (middle, per)]
        return []
    start = {'explain': b'# ', 'show': b'IRI '}[shape]
    got, want = blocks(lines, start), blocks(ref, start)
    if len(want) != 3:
        return ['reference has %d blocks' % len(want)]
    if len(got) != 3:
        return ['%d result blocks for 3 input lines' % len(got)]
    if got[0] != want[0] or got[2] != want[2]:
        return ['a sentinel\'s block is missing or changed']
    if not got[1][0].startswith(start) and got[1] != [b'']:
        return ['the hostile line\'s block does not start with %r' % start]
    return []


def reference(irie, name, args):
    """The run with a plain middle line: the sentinels' results, checked."""
    rc, out, err = run_batch(irie, args, stdin_for(name, PLAIN_MIDDLE))
    lines = split_lines(out)
    probs = []
    if rc != 0 or any(not re.match(rb'^[13]:\d+: info: ', l) for l in split_lines(err)):
        probs.append('reference run: exit %d, stderr %s' % (rc, show(err)))
    want = REFERENCE_CHECKS.get(name, [])
    got = [l for k, l in enumerate(lines) if k != 1] if len(lines) == 3 else lines
    for k, rx in enumerate(want):
        if k >= len(got) or not re.search(rx, got[k]):
            probs.append('reference line %d is %s, should match %s'
                         % (k + 1, show(got[k] if k < len(got) else b''), rx))
    if name.endswith('--json'):
        for l in lines:
            json.loads(l)
    return (lines, split_lines(err)), probs


def check_batch(irie, case, name, args, shape, reference_out):
    ref, ref_err = reference_out
    data = stdin_for(name, case.text)
    line2 = data.split(b'\n')[1]
    rc, out, err = run_batch(irie, args, data)
    probs = []
    what = status_problem(rc)
    if what:
        probs.append(what)
    san = sanitizer_report(out, err)
    if san:
        probs.append('sanitizer report: %s' % san)
    lines = split_lines(out)
    probs += shape_problems(shape, lines, ref)
    too_long = len(case.text) > BATCH_MAX_LINE
    # stderr: every message names line 2 and a column inside it
    err_lines = [l for l in split_lines(err) if l not in ref_err]   # the sentinels' notes
    if len(split_lines(err)) - len(err_lines) != len(ref_err):
        probs.append('a sentinel\'s messages on stderr are missing')
    max_col = len(line2) + 1
    for l in err_lines:
        m = re.match(rb'^2:(\d+): ', l)
        if not m:
            probs.append('stderr line not naming line 2 and a column: %s' % show(l))
            break
        if not 1 <= int(m.group(1)) <= max_col:
            probs.append('column %s outside the line (%d bytes): %s' % (m.group(1).decode(), len(line2), show(l)))
            break
    if rc == 1:
        if name in ('check', 'show'):
            named = [l for l in lines if re.match(rb'^2:\d+: error: ', l)] + err_lines
        elif name == 'check --json' and len(lines) == 3:
            o = json.loads(lines[1])
            named = [d for d in o.get('diagnostics') or [] if d['severity'] == 'error'] or 'error' in o
        else:
            named = err_lines
        if not named:
            probs.append('exit 1 but no message names line 2')
    if too_long and not any(b'line longer than' in l for l in err_lines + lines):
        probs.append('the over-long line is not reported')
    if shape == 'json' and len(lines) == 3:
        try:
            objs = [json.loads(l) for l in lines]
        except ValueError as e:
            probs.append('stdout line is not JSON: %s' % e)
            objs = None
        # CRLF: the CR before the newline is not part of the input
        valid = utf8_strict(case.text[:-1] if case.text.endswith(b'\r') else case.text)
        if objs and valid is not None and not too_long and 'input' in objs[1] \
                and objs[1]['input'] != valid:
            probs.append('the JSON "input" is not the input: %s' % show(json.dumps(objs[1]['input']).encode()))
        if objs and name == 'to-uri --json' and not too_long:
            if not isinstance(objs[1].get('uri'), str) or not objs[1]['uri'].isascii():
                probs.append('the JSON "uri" is not ASCII: %s' % show(str(objs[1].get('uri')).encode()))
    if name == 'to-uri' and any(b >= 0x80 for b in out):
        probs.append('to-uri output is not ASCII')
    if not name.endswith('--json'):
        probs += created_controls(case.text, out, allow_bidi=name in ('display', 'show'))
    if case.col and name == 'check' and not re.search(rb'(^|\n)2:%d: ' % case.col, out):
        probs.append('check names no finding at 2:%d' % case.col)
    return probs


def check_pty(irie, case, name, args):
    rc, out, _ = run_batch(irie, args, stdin_for(name, case.text), on_pty=True)
    probs = []
    what = status_problem(rc)
    if what:
        probs.append(what)
    san = sanitizer_report(out)
    if san:
        probs.append('sanitizer report: %s' % san)
    probs += ['on a terminal: ' + p for p in terminal_problems(out)]
    return probs


# ---- TUI --------------------------------------------------------------------------------

def u8_decode_at(b, k):
    """core/utf8.c iri_utf8_decode: (code point or None, bytes consumed)."""
    b0 = b[k]
    if b0 < 0x80:
        return b0, 1
    if 0xC0 <= b0 <= 0xDF:
        need, v = 2, b0 & 0x1F
    elif 0xE0 <= b0 <= 0xEF:
        need, v = 3, b0 & 0x0F
    elif 0xF0 <= b0 <= 0xF7:
        need, v = 4, b0 & 0x07
    else:
        return None, 1
    for i in range(1, need):
        if k + i >= len(b) or b[k + i] & 0xC0 != 0x80:
            return None, i
        v = (v << 6) | (b[k + i] & 0x3F)
    if v < (0, 0, 0x80, 0x800, 0x10000)[need] or 0xD800 <= v <= 0xDFFF or v > 0x10FFFF:
        return None, need
    return v, need


def editor_model(b):
    """What app/tui.c load_text keeps of an argument: ill-formed sequences and
    NUL as U+FFFD."""
    out = []
    k = 0
    while k < len(b):
        cp, n = u8_decode_at(b, k)
        out.append('\ufffd' if cp is None or cp == 0 else chr(cp))
        k += n
    return ''.join(out).encode()


def paste_model(b):
    """What a bracketed paste of b leaves in the text: app/tui.c next_input's
    decoding (a bad sequence is one U+FFFD, the byte that broke it read
    again), then input/keys.c paste_add (NUL CR LF TAB dropped)."""
    out = []
    k = 0
    while k < len(b):
        b0 = b[k]
        if b0 < 0x80:
            cp, k = b0, k + 1
        else:
            need = 2 if 0xC2 <= b0 <= 0xDF else 3 if 0xE0 <= b0 <= 0xEF else 4 if 0xF0 <= b0 <= 0xF4 else 0
            if not need:
                cp, k = None, k + 1
            else:
                j = 1
                while j < need and k + j < len(b) and b[k + j] & 0xC0 == 0x80:
                    j += 1
                if j < need:
                    cp, k = None, k + j
                else:
                    cp, _ = u8_decode_at(b, k)
                    k += need
        if cp is None:
            out.append('\ufffd')
        elif cp not in (0, 0x0D, 0x0A, 0x09):
            out.append(chr(cp))
    return ''.join(out).encode()


def vt_escape(b):
    """Bytes -> a vtdrive TEXT argument."""
    out = []
    for c in b:
        if c == 0x5C:
            out.append('\\\\')
        elif c == 0x20:
            out.append('\\s')
        elif c < 0x20 or c >= 0x7F:
            out.append('\\x%02X' % c)
        else:
            out.append(chr(c))
    return ''.join(out)


ESC_SEQUENCE = re.compile(rb'\x1b(\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]*|[P_^X][^\x1b]*|[()*+].?|.)', re.S)


def dangerous_pieces(text):
    """Substrings of text that must never reach the terminal raw: each control
    (C0 but LF, DEL, C1 raw or as UTF-8) or bidi control, and each escape
    sequence whole, with the characters around it -- so that irie's own
    escape sequences (\e[2J, \e(B) and cursor moves (\r, \b) do not count."""
    pieces = set()
    s = text
    n = len(s)
    i = 0
    while i < n:
        c = s[i]
        width = 1
        if c == 0x1B:
            m = ESC_SEQUENCE.match(s, i)
            width = m.end() - i if m else 1
            bad = True
        elif c >= 0xC0:
            cp, width = u8_decode_at(s, i)
            bad = cp is None or 0x80 <= cp <= 0x9F or cp in BIDI_CONTROLS
        else:
            bad = c < 0x20 or c == 0x7F or 0x80 <= c <= 0x9F
        if bad and 0 < i and i + width < n:
            pieces.add(s[i - 1:i + width + 1][:64])
        i += max(width, 1)
    return sorted(pieces, key=len)[:40]


def tui_raw_problems(raw, text):
    """The editor's whole terminal output: its own escape sequences are fine,
    nothing of the input's controls, no OSC/DCS/APC at all, well-formed UTF-8
    without C1 or bidi controls."""
    probs = []
    for intro in (b'\x1b]', b'\x1bP', b'\x1b_', b'\x1b^', b'\x1bX'):
        if intro in raw:
            at = raw.index(intro)
            probs.append('a string control %s in the output at byte %d: %s'
                         % (show(intro), at, show(raw[at:at + 40])))
    s = utf8_strict(raw)
    if s is None:
        try:
            raw.decode('utf-8')
        except UnicodeDecodeError as e:
            probs.append('ill-formed UTF-8 in the output at byte %d: %s'
                         % (e.start, show(raw[max(0, e.start - 20):e.start + 10])))
        s = raw.decode('utf-8', 'replace')
    for ch in set(s):
        o = ord(ch)
        if 0x80 <= o <= 0x9F or o in BIDI_CONTROLS or o == 0:
            probs.append('U+%04X in the output' % o)
    for piece in dangerous_pieces(text):
        if piece in raw:
            probs.append('the input\'s %s reached the terminal' % show(piece))
    return probs


HELP_LINE = 'Keys in the editor'
OLD_TEXT = b'http://old.example/'


def tui_script(case, raw_path, slow):
    """A vtdrive script for one row, and the stdout it must end with."""
    t = case.text
    steps = ['# generated by tests/hostile/run_hostile.py for %s' % case.name,
             'set timeout %d' % (300000 if slow else 60000)]
    as_arg = len(t) < ARG_MAX_STRLEN and b'\0' not in t and not t.startswith(b'-')
    steps += ['wait-re ^IRI( |$)', 'expect-title-unset']
    if as_arg:
        expected = editor_model(t)
        # kill it all and yank it back: the text survives the kill ring
        steps += ['key C-u', 'wait-re ^IRI$', 'key C-y']
    else:
        expected = OLD_TEXT
    over = len(OLD_TEXT) + len(paste_model(t)) > EDIT_MAX or len(paste_model(t)) > PASTE_MAX
    if case.paste or not as_arg:
        steps += ['paste ' + vt_escape(t)]
    if not case.paste:
        pass
    elif over:
        steps += ['wait-re (paste was longer|did not fit)', 'expect-running', 'key C-_']
    else:
        expected += paste_model(t)
    steps += ['key F1', 'wait ' + HELP_LINE.replace(' ', '\\s'), 'key Esc', 'wait-gone ' + HELP_LINE.replace(' ', '\\s'),
              'expect-running', 'expect-title-unset']
    for piece in dangerous_pieces(t)[:12]:
        steps.append('expect-no-raw ' + vt_escape(piece))
    steps += ['key Enter', 'expect-exit 0', 'expect-stdout ' + vt_escape(expected + b'\n'),
              'expect-title-unset', 'save-raw ' + vt_escape(raw_path.encode())]
    return '\n'.join(steps) + '\n', as_arg


def run_vtdrive(vtdrive, script, cmd, work):
    with tempfile.NamedTemporaryFile('w', suffix='.vt', dir=work, delete=False, encoding='utf-8') as f:
        f.write(script)
        path = f.name
    p = subprocess.run([vtdrive, '--rows', '24', '--cols', '80', path, '--'] + cmd,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=RUN_TIMEOUT * 3)
    return p.returncode, p.stderr, path


def check_tui(irie, vtdrive, case, work):
    raw_path = os.path.join(work, case.name + '.raw')
    slow = len(case.text) > 200000
    script, as_arg = tui_script(case, raw_path, slow)
    cmd = [irie, case.text.decode('utf-8', 'surrogateescape')] if as_arg else [irie, OLD_TEXT.decode()]
    t0 = time.monotonic()
    rc, err, spath = run_vtdrive(vtdrive, script, cmd, work)
    secs = time.monotonic() - t0
    probs = []
    if rc != 0:
        probs.append('vtdrive (%s): %s' % (os.path.basename(spath), err.decode('utf-8', 'replace')[-3000:]))
    elif os.path.exists(raw_path):
        with open(raw_path, 'rb') as f:
            probs += tui_raw_problems(f.read(), case.text)
    else:
        probs.append('no raw output saved')
    return probs, secs


def check_view(irie, vtdrive, cases, work):
    listing = os.path.join(work, 'all.txt')
    with open(listing, 'wb') as f:
        f.write(b'\n'.join(c.text for c in cases) + b'\n')
    n = len(cases)
    raw_path = os.path.join(work, 'view.raw')
    steps = ['set timeout 300000', 'wait line 1/%d' % n, 'expect-title-unset']
    for k in range(2, n + 1):
        steps += ['key Down', 'wait line\\s%d/%d' % (k, n)]
    # F8 past the last line goes on from the top (or says no line has one).
    steps += ['key F8', 'wait-re (past the last finding: on from the top|no line has a finding)',
              'expect-running', 'expect-title-unset']
    # Every row through the list pane too: a page at a time from the top.
    steps += ['key Home'] + ['key PageDown'] * (n // 8 + 1)
    steps += ['key Esc', 'expect-exit 0', 'expect-stdout-empty',
              'save-raw ' + vt_escape(raw_path.encode())]
    t0 = time.monotonic()
    rc, err, spath = run_vtdrive(vtdrive, '\n'.join(steps) + '\n', [irie, 'view', listing], work)
    secs = time.monotonic() - t0
    probs = []
    if rc != 0:
        probs.append('vtdrive (%s): %s' % (os.path.basename(spath), err.decode('utf-8', 'replace')[-3000:]))
    else:
        with open(raw_path, 'rb') as f:
            raw = f.read()
        probs += tui_raw_problems(raw, b'')
        for c in cases:
            if len(c.text) <= EDIT_MAX:
                for piece in dangerous_pieces(c.text):
                    if piece in raw:
                        probs.append('%s: the input\'s %s reached the terminal' % (c.name, show(piece)))
    return probs, secs


# ---- IRIE_TEST_SCALE=small ----------------------------------------------------------------

def paths_taken(part, text):
    """The side of each cap a part's run and checks depend on: the batch
    line cap (check_batch), and in the editor the argument, paste and edit
    caps (tui_script), in the viewer the edit cap (check_view)."""
    over_batch = len(text) > BATCH_MAX_LINE
    if part in ('batch', 'pty'):
        return over_batch
    if part == 'view':
        return over_batch, len(text) > EDIT_MAX
    pasted = len(paste_model(text))
    return (len(text) < ARG_MAX_STRLEN, len(text) <= TUI_MAX_INPUT,
            len(OLD_TEXT) + pasted > EDIT_MAX or pasted > PASTE_MAX)


def scaled(case, part, shrunk):
    """The row as the part runs it: smaller under IRIE_TEST_SCALE=small when
    a divisor keeps it on the same paths (see SMALL_DIVISORS); each row made
    smaller is noted in shrunk."""
    if not SMALL or len(case.text) < SMALL_ROW_BYTES:
        return case
    want = paths_taken(part, case.text)
    for divisor in SMALL_DIVISORS:
        text = expand(case.spec, divisor)
        if paths_taken(part, text) == want:
            shrunk.append('%s %s %d -> %d bytes' % (part, case.name, len(case.text), len(text)))
            return Case(case.name, case.flags, text, case.lineno, case.spec)
    return case


# ---- main ---------------------------------------------------------------------------------

def main(argv):
    args = []
    only = {'batch', 'pty', 'tui', 'view'}
    filt = None
    jobs = 2
    keep = None
    verbose = False
    i = 1
    while i < len(argv):
        a = argv[i]
        if a == '--only':
            only = set(argv[i + 1].split(','))
            i += 2
        elif a == '--filter':
            filt = re.compile(argv[i + 1])
            i += 2
        elif a == '--jobs':
            jobs = int(argv[i + 1])
            i += 2
        elif a == '--keep':
            keep = argv[i + 1]
            i += 2
        elif a == '-v':
            verbose = True
            i += 1
        else:
            args.append(a)
            i += 1
    if len(args) not in (2, 3):
        sys.stderr.write(__doc__)
        return 2
    irie, vtdrive = os.path.abspath(args[0]), os.path.abspath(args[1])
    cases = load_cases(args[2] if len(args) == 3 else os.path.join(HERE, 'cases.txt'))
    all_cases = cases
    if filt:
        cases = [c for c in cases if filt.search(c.name)]
    failures = []
    counts = {}
    lock = threading.Lock()

    def record(part, label, probs):
        with lock:
            counts[part] = counts.get(part, 0) + 1
            for p in probs:
                failures.append('%s: %s: %s' % (part, label, p))
                sys.stderr.write('FAIL %s: %s: %s\n' % (part, label, p))

    work = keep or tempfile.mkdtemp(prefix='irie-hostile.')
    os.makedirs(work, exist_ok=True)
    t_start = time.monotonic()
    timings = []
    shrunk = []
    # The editor and viewer runs mostly wait (vtdrive's pauses and settle
    # times) while the batch runs use the processors: a pool of their own,
    # from the start, so the two overlap; the long view run first.
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool, \
            concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as tui_pool:
        futs = []
        if 'view' in only:
            futs.append((tui_pool.submit(check_view, irie, vtdrive, [scaled(c, 'view', shrunk) for c in all_cases],
                                         work), 'view', 'all rows'))
        if 'tui' in only:
            for c in (c for c in cases if len(c.text) <= TUI_MAX_INPUT):
                futs.append((tui_pool.submit(check_tui, irie, vtdrive, scaled(c, 'tui', shrunk), work), 'tui', c.name))
        if 'batch' in only or 'pty' in only:
            refs = {}
            for name, cargs, shape in COMMANDS:
                lines, probs = reference(irie, name, cargs)
                record('reference', name, probs)
                refs[name] = lines
            for full in cases:
                c = scaled(full, 'batch', shrunk)
                for name, cargs, shape in COMMANDS:
                    if 'batch' in only:
                        futs.append((pool.submit(check_batch, irie, c, name, cargs, shape, refs[name]),
                                     'batch', '%s [%s]' % (c.name, name)))
                    if 'pty' in only and c.pty:
                        futs.append((pool.submit(check_pty, irie, scaled(full, 'pty', shrunk), name, cargs), 'pty',
                                     '%s [%s]' % (c.name, name)))
        for fut, part, label in futs:
            try:
                res = fut.result()
            except subprocess.TimeoutExpired as e:
                res = ['hang: no end after %s s' % e.timeout]
            if isinstance(res, tuple):
                res, secs = res
                timings.append((secs, part, label))
            record(part, label, res)
    total = time.monotonic() - t_start
    timings.sort(reverse=True)
    for secs, part, label in timings[:8 if not verbose else len(timings)]:
        print('%-5s %-32s %7.1f s' % (part, label, secs))
    for note in shrunk:
        print('IRIE_TEST_SCALE=small: ' + note)
    print('%s; %.0f s in all' % (', '.join('%s: %d runs' % kv for kv in sorted(counts.items())), total))
    if not keep:
        for root, dirs, files in os.walk(work, topdown=False):
            for f in files:
                os.remove(os.path.join(root, f))
            for d in dirs:
                os.rmdir(os.path.join(root, d))
        os.rmdir(work)
    if failures:
        print('%d failures' % len(failures))
        return 1
    print('all passed')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
