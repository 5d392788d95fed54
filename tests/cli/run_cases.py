#!/usr/bin/env python3
"""End-to-end tests of irie's batch commands, driven by a case file.

Usage: run_cases.py IRIE [CASES]     (CASES defaults to cases.txt beside this script)

Case file format (UTF-8).  '#' starts a comment line; a case starts with
'== NAME' and is followed by directives, one per line:

  args: ARGS            command line after 'irie', split like a shell (quotes work)
  stdin: TEXT           appended to stdin
  stdin-repeat: N TEXT  TEXT appended N times (for big inputs)
  tty: yes              stdout and stderr both go to one pseudo-terminal (raw mode,
                        so no CR is added); both are then checked as 'out'
  env: NAME=VALUE       set in irie's environment (TERM is xterm-256color unless set)
  exit: N               expected exit status (default 0)
  out: TEXT             the next line of stdout; if any 'out:' is given, stdout
                        must be exactly these lines
  err: TEXT             the same for stderr
  out-lines: N          stdout has N lines (err-lines: the same for stderr)
  out-line K: TEXT      line K (1-based) of stdout is exactly TEXT (err-line K: stderr)
  out~: REGEX           stdout matches REGEX somewhere (err~: stderr)
  out!~: REGEX          stdout does not match REGEX (err!~: stderr)
  out-line~ K: REGEX    line K of stdout matches REGEX (err-line~ K: stderr)
  json-each: KEYS       every stdout line is a JSON object (valid UTF-8) with these keys
  json-each PATH[]: KEYS  every element of the array PATH of every object has KEYS
  json K.PATH: VALUE    in the object on line K, PATH (keys and indexes joined by
                        '.') equals the JSON value VALUE
  maxrss-mib: N         peak resident memory below N MiB (needs /usr/bin/time;
                        not checked for a sanitizer build)

Environment: IRIE_TEST_WRAPPER, when set, holds words (split like a shell) put
before the irie command, e.g. "valgrind -q --log-file=%q{IRIE_TEST_LOG_DIR}/vg.%p
...".  Each case then gets a fresh empty directory in IRIE_TEST_LOG_DIR; any
non-empty file the wrapper leaves there fails the case and is printed (so a report
counts even when the exit status cannot carry it).  maxrss-mib is not checked
under a wrapper.

IRIE_TEST_SCALE=small (the valgrind test setup in meson.build, where the runs
look for memory errors, not load) divides the stdin-repeat counts of a case
with 100 kB or more of stdin by the first of 10, 4, 2 that leaves its input on
the same side of every cap in CAPS (and keeps it full size when its peak memory
is checked); every check is the same.  In a case's checks, {N}, {N-1}, {2*N},
{2*N-1} (any {A*N+B}) stand for that number from the count of the case's one
stdin-repeat as run, e.g. "out-lines: {2*N}", or "(%D7%A9){{N}}$" in a REGEX
for the quantifier {400000}.
The output lists the cases made smaller and the big ones kept.

In TEXT and in ARGS, escapes give any byte: \\n \\r \\t \\0 \\\\ \\xHH (one raw
byte, so invalid UTF-8 is easy to write), \\uXXXX and \\UXXXXXXXX (the code
point as UTF-8).  REGEX is a Python regular expression on the output decoded
as UTF-8 (invalid bytes kept as surrogate escapes); VALUE is plain JSON.
"""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

TIMEOUT = 300

# IRIE_TEST_SCALE=small: see the header.  CAPS are the sizes where irie's
# batch input takes another path, each measured on the longest line or on the
# whole stdin; a smaller case must be on the same side of each.  (The runner
# gives stdin as a pipe, which is never run on threads; the threads' floor
# stays in as a margin.)
SMALL = os.environ.get('IRIE_TEST_SCALE') == 'small'
SMALL_STDIN_BYTES = 100000
SMALL_DIVISORS = (10, 4, 2)
CAPS = (
    ('line', 16384),         # app/batch_in.c bin_run_stdin: a longer line is copied out of the read chunk
    ('line', 64 << 10),      # core/host_internal.h HOST_MAX_BYTES (a host is within one line)
    ('stdin', 512 << 10),    # app/batch_in.c BATCH_PARALLEL_MIN_BYTES: threads for a file this big
    ('line', 16 << 20),      # app/batch_internal.h BATCH_MAX_LINE_BYTES: a longer line is refused
)
PLACEHOLDER = re.compile(r'\{(?:(\d+)\*)?N(?:([+-])(\d+))?\}')


def unescape(text):
    """Case-file text with escapes -> bytes."""
    out = bytearray()
    i = 0
    simple = {'n': b'\n', 'r': b'\r', 't': b'\t', '0': b'\0', '\\': b'\\'}
    while i < len(text):
        c = text[i]
        if c != '\\' or i + 1 == len(text):
            out += c.encode('utf-8')
            i += 1
            continue
        e = text[i + 1]
        if e in simple:
            out += simple[e]
            i += 2
        elif e == 'x':
            out.append(int(text[i + 2:i + 4], 16))
            i += 4
        elif e == 'u':
            out += chr(int(text[i + 2:i + 6], 16)).encode('utf-8', 'surrogatepass')
            i += 6
        elif e == 'U':
            out += chr(int(text[i + 2:i + 10], 16)).encode('utf-8')
            i += 10
        else:
            raise ValueError('unknown escape \\%s in %r' % (e, text))
    return bytes(out)


def split_args(text):
    lex = shlex.shlex(text, posix=True)
    lex.whitespace_split = True
    lex.escape = ''          # backslashes are ours, not the shell's
    lex.commenters = ''      # '#' starts fragments, not comments
    return [unescape(a) for a in lex]


def parse_cases(path):
    cases = []
    with open(path, encoding='utf-8') as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.rstrip('\n')
            if not line.strip() or line.lstrip().startswith('#'):
                continue
            if line.startswith('== '):
                cases.append({'name': line[3:].strip(), 'where': '%s:%d' % (path, lineno),
                              'args': [], 'stdin': b'', 'pieces': [], 'checks': []})
                continue
            if not cases:
                raise SystemExit('%s:%d: directive before the first case' % (path, lineno))
            key, sep, value = line.partition(': ')
            if not sep:
                key, value = line.rstrip(':'), ''
            case = cases[-1]
            if key == 'args':
                case['args'] = split_args(value)
            elif key == 'stdin':
                case['pieces'].append((unescape(value), None))
            elif key == 'stdin-repeat':
                count, _, text = value.partition(' ')
                case['pieces'].append((unescape(text), int(count)))
            else:
                case['checks'].append((key, value))
    for case in cases:
        counts = [n for _, n in case['pieces'] if n is not None]
        if len(counts) != 1 and any(PLACEHOLDER.search(k + v) for k, v in case['checks']):
            raise SystemExit('%s: {N} needs exactly one stdin-repeat' % case['where'])
        case['stdin'] = stdin_of(case['pieces'], 1)
    return cases


def stdin_of(pieces, divisor):
    """The stdin of a case's pieces, the repeat counts divided by divisor."""
    return b''.join(text if n is None else text * (n // divisor) for text, n in pieces)


def cap_sides(stdin):
    """Which side of each of CAPS the input is on."""
    longest = max(len(line) for line in stdin.split(b'\n'))
    return tuple((longest if what == 'line' else len(stdin)) > size for what, size in CAPS)


def scaled(case, measure_rss, notes):
    """The case as run: under IRIE_TEST_SCALE=small its repeat counts divided
    when that keeps it on the same paths (see CAPS), its {N} placeholders
    resolved.  Each big case is noted in notes, made smaller or kept."""
    divisor = 1
    rss = measure_rss and any(k == 'maxrss-mib' for k, _ in case['checks'])
    if SMALL and len(case['stdin']) >= SMALL_STDIN_BYTES:
        want = cap_sides(case['stdin'])
        for d in ([] if rss else SMALL_DIVISORS):
            if cap_sides(stdin_of(case['pieces'], d)) == want:
                divisor = d
                break
        if divisor == 1:
            notes.append('kept %s: %d bytes (%s)' % (case['name'], len(case['stdin']),
                                                    'peak memory checked' if rss else 'a cap in between'))
    counts = [n // divisor for _, n in case['pieces'] if n is not None]

    def resolve(text):
        def number(m):
            value = int(m.group(1) or 1) * counts[0]
            return str(value + (int(m.group(3)) if m.group(2) == '+' else -int(m.group(3) or 0)))
        return PLACEHOLDER.sub(number, text)

    run = dict(case, checks=[(resolve(k), resolve(v)) for k, v in case['checks']])
    if divisor > 1:
        run['stdin'] = stdin_of(case['pieces'], divisor)
        notes.append('smaller %s: %d -> %d bytes (repeat counts / %d)' % (
            case['name'], len(case['stdin']), len(run['stdin']), divisor))
    return run


def lines_of(data):
    """Output bytes -> list of lines as bytes (no trailing empty line)."""
    if not data:
        return []
    parts = data.split(b'\n')
    if parts[-1] == b'':
        parts.pop()
    return parts


def as_text(data):
    return data.decode('utf-8', 'surrogateescape')


def run_pty(argv, stdin, env):
    """Runs with stdout and stderr on a pseudo-terminal; returns (status, output)."""
    import pty
    import tty
    master, slave = pty.openpty()
    tty.setraw(slave)        # no echo, no CR/LF mapping: the bytes irie wrote
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=slave, stderr=slave, env=env)
    os.close(slave)
    p.stdin.write(stdin)
    p.stdin.close()
    out = bytearray()
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:      # EIO: the child has gone and closed its side
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    return p.wait(timeout=TIMEOUT), bytes(out)


def get_path(obj, path):
    for part in path.split('.'):
        if isinstance(obj, list):
            obj = obj[int(part)]
        else:
            obj = obj[part]
    return obj


def sanitized(path):
    """True for an ASan build, whose quarantine and shadow memory make RSS meaningless."""
    with open(path, 'rb') as f:
        return b'__asan_init' in f.read()


def wrapper_words():
    """The words of IRIE_TEST_WRAPPER (empty when unset)."""
    return shlex.split(os.environ.get('IRIE_TEST_WRAPPER', ''))


def wrapper_reports(log_dir):
    """Failure messages for every non-empty file the wrapper wrote into log_dir."""
    fails = []
    for name in sorted(os.listdir(log_dir)):
        with open(os.path.join(log_dir, name), 'rb') as f:
            text = f.read()
        if text.strip():
            fails.append('%s reported (%s):\n%s' % (wrapper_words()[0], name,
                                                    as_text(short(text, 20000))))
    return fails


def run_case(irie, case, measure_rss=True):
    """Returns a list of failure messages (empty if the case passed)."""
    wrapper = wrapper_words()
    if not wrapper:
        return run_case_in(irie, case, measure_rss, [], None)
    with tempfile.TemporaryDirectory(prefix='irie-wrapper.') as log_dir:
        fails = run_case_in(irie, case, False, wrapper, log_dir)
        return fails + wrapper_reports(log_dir)


def run_case_in(irie, case, measure_rss, wrapper, log_dir):
    env = dict(os.environ, LC_ALL='C.UTF-8', LANG='C.UTF-8', TERM='xterm-256color')
    env.pop('LANGUAGE', None)
    for k, v in case['checks']:
        if k == 'env':
            name, _, value = v.partition('=')
            env[name] = value
    if log_dir:
        env['IRIE_TEST_LOG_DIR'] = log_dir
    argv = wrapper + [irie] + case['args']
    checks = case['checks']
    rss_limit = [int(v) for k, v in checks if k == 'maxrss-mib' and measure_rss]
    time_bin = shutil.which('time', path='/usr/bin')
    if rss_limit and time_bin:
        argv = [time_bin, '-f', 'IRIE-MAXRSS-KB=%M'] + argv
    if any(k == 'tty' for k, _ in checks):
        status, out = run_pty(argv, case['stdin'], env)
        err = b''
    else:
        p = subprocess.run(argv, input=case['stdin'], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, env=env, timeout=TIMEOUT)
        status, out, err = p.returncode, p.stdout, p.stderr
    fails = []
    if rss_limit:
        m = re.search(rb'IRIE-MAXRSS-KB=(\d+)\n?$', err)
        if m:
            err = err[:m.start()]
            kb = int(m.group(1))
            if kb > rss_limit[0] * 1024:
                fails.append('peak RSS %d KiB > %d MiB' % (kb, rss_limit[0]))
        elif time_bin:
            fails.append('no RSS figure from %s' % time_bin)
    if status < 0:
        fails.append('killed by signal %d (crash)' % -status)
    streams = {'out': (out, lines_of(out)), 'err': (err, lines_of(err))}
    want_exit = 0
    exact = {'out': [], 'err': []}
    objects = None
    for key, value in checks:
        m = re.fullmatch(r'(out|err)(-line)?(~|!~)?(?: (\d+))?', key)
        if key in ('tty', 'maxrss-mib', 'env'):
            continue
        elif key == 'exit':
            want_exit = int(value)
        elif key in ('out', 'err'):
            exact[key].append(unescape(value))
        elif key in ('out-lines', 'err-lines'):
            got = len(streams[key[:3]][1])
            if got != int(value):
                fails.append('%s: %d lines, expected %s' % (key, got, value))
        elif m and m.group(2):                       # out-line K, out-line~ K
            data, lines = streams[m.group(1)]
            k = int(m.group(4))
            line = lines[k - 1] if k <= len(lines) else None
            if line is None:
                fails.append('%s: no line %d' % (key, k))
            elif m.group(3) == '~':
                if not re.search(value, as_text(line)):
                    fails.append('%s: %r does not match %r' % (key, short(line), value))
            elif line != unescape(value):
                fails.append('%s: got %r, expected %r' % (key, short(line), value))
        elif m and m.group(3):                       # out~, out!~
            text = as_text(streams[m.group(1)][0])
            found = re.search(value, text, re.M) is not None
            if found != (m.group(3) == '~'):
                fails.append('%s %r: %s in %r' % (key, value, 'found' if found else 'not found',
                                                   short(streams[m.group(1)][0])))
        elif key.startswith('json'):
            if objects is None:
                objects, bad = parse_json_lines(streams['out'][1])
                fails += bad
            fails += check_json(key, value, objects)
        else:
            fails.append('unknown directive %r' % key)
    for name in ('out', 'err'):
        if exact[name] and exact[name] != streams[name][1]:
            fails.append('std%s: got %r, expected %r' % (name, [short(x) for x in streams[name][1]],
                                                          exact[name]))
    if status != want_exit:
        fails.append('exit status %d, expected %d (stderr: %r)' % (status, want_exit, short(err)))
    return fails


def short(data, limit=300):
    return data if len(data) <= limit else data[:limit] + b'...(%d bytes)' % len(data)


def parse_json_lines(lines):
    objects, fails = [], []
    for k, line in enumerate(lines, 1):
        try:
            objects.append(json.loads(line.decode('utf-8')))   # strict: JSON text is UTF-8
        except (UnicodeDecodeError, ValueError) as e:
            objects.append(None)
            fails.append('stdout line %d is not JSON (%s): %r' % (k, e, short(line)))
    return objects, fails


def check_json(key, value, objects):
    fails = []
    if key.startswith('json-each'):
        path = key[len('json-each'):].strip()
        for k, obj in enumerate(objects, 1):
            if obj is None:
                continue
            items = [obj]
            if path:
                try:
                    items = get_path(obj, path.rstrip('[]'))
                except (KeyError, IndexError, TypeError):
                    fails.append('line %d: no %s' % (k, path))
                    continue
            for item in items:
                missing = [f for f in value.split() if not isinstance(item, dict) or f not in item]
                if missing:
                    fails.append('line %d: %s lacks %s: %r' % (k, path or 'object', missing, item))
        return fails
    where = key[len('json'):].strip()
    k, _, path = where.partition('.')
    try:
        got = objects[int(k) - 1]
        if path:
            got = get_path(got, path)
    except (KeyError, IndexError, TypeError, ValueError):
        return ['%s: no such value' % key]
    if got != json.loads(value):
        fails.append('%s: got %r, expected %s' % (key, got, value))
    return fails


def main():
    if len(sys.argv) < 2:
        raise SystemExit('usage: run_cases.py IRIE [CASES]')
    irie = os.path.abspath(sys.argv[1])
    path = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), 'cases.txt')
    cases = parse_cases(path)
    measure_rss = not sanitized(irie) and not wrapper_words()
    if wrapper_words():
        print('note: under %s, peak memory not checked' % ' '.join(wrapper_words()))
    elif not measure_rss:
        print('note: sanitizer build, peak memory not checked')
    elif not shutil.which('time', path='/usr/bin'):
        print('note: no /usr/bin/time, peak memory not checked')
    failed = 0
    notes = []
    for case in cases:
        case = scaled(case, measure_rss, notes)
        try:
            fails = run_case(irie, case, measure_rss)
        except subprocess.TimeoutExpired:
            fails = ['timed out after %d s' % TIMEOUT]
        print('%s %s' % ('ok  ' if not fails else 'FAIL', case['name']))
        for f in fails:
            print('       %s: %s' % (case['where'], f))
        failed += bool(fails)
    for note in notes:
        print('IRIE_TEST_SCALE=small: ' + note)
    print('%d cases, %d passed, %d failed' % (len(cases), len(cases) - failed, failed))
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
