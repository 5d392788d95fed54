"""What irie says about itself: its command table (the hidden
"irie --list-commands" and "irie --list-options CMD", app/batch_table.c) and
its --help texts, for the doc tests.

The doc tests derive every list from the program (never from a hand list),
so that the help, the man page and the completions cannot drift from it."""
import os
import re
import subprocess

# English, untranslated: LANGUAGE is ignored under the C locale.
ENV = dict(os.environ, LC_ALL='C.UTF-8', LANGUAGE='', NO_COLOR='1')
ENV.pop('IRIE_LOCALEDIR', None)


def run(irie, args, stdin=''):
    return subprocess.run([irie] + args, input=stdin, capture_output=True,
                          text=True, env=ENV, timeout=120)


class Option:
    """--name, with the values its help names (alternatives a|b, one per
    Options line, or a METAVAR looked up in the data file)."""

    def __init__(self, name):
        self.name = name
        self.values = []      # literal values, e.g. idna, percent
        self.metavar = None   # e.g. NAME

    @property
    def takes_value(self):
        return bool(self.values or self.metavar)

    def add_value(self, text):
        if re.fullmatch(r'[A-Z][A-Z_]*', text):
            self.metavar = text
            return
        for v in text.split('|'):
            if v and v not in self.values:
                self.values.append(v)


def _options(lines, opts):
    """Options from usage lines ([--x=a|b]) and an Options: section."""
    in_options = False
    for i, line in enumerate(lines):
        usage = i == 0 or re.match(r'^\s+irie ', line)
        if line.startswith('Options:'):
            in_options = True
            continue
        if in_options and not line.strip():
            in_options = False
        found = []
        if usage:
            found = re.findall(r'\[(--[a-z][a-z-]*)(?:=([^\]\s]+))?\]', line)
        elif in_options:
            m = re.match(r'^  (?:-h, )?(--[a-z][a-z-]*)(?:=(\S+))?', line)
            if m:
                found = [m.groups()]
                if line.startswith('  -h, '):
                    opts.setdefault('-h', Option('-h'))
        for name, value in found:
            o = opts.setdefault(name, Option(name))
            if value:
                o.add_value(value)


def main_help(irie):
    """(usage text, [commands], {option: Option}) of "irie --help"."""
    r = run(irie, ['--help'])
    lines = r.stdout.split('\n')
    commands = []
    in_commands = False
    for line in lines:
        m = re.match(r'^(?:Usage:|\s+) *irie ([a-z][a-z-]*)\b', line)
        if m and m.group(1) not in commands:
            commands.append(m.group(1))
        if line.startswith('Commands'):
            in_commands = True
            continue
        if in_commands and not line.strip():
            in_commands = False
        if in_commands:
            m = re.match(r'^  ([a-z][a-z-]*)\b', line)
            if m and m.group(1) not in commands:
                commands.append(m.group(1))
    opts = {}
    _options(lines, opts)
    return r.stdout, commands, opts


def command_help(irie, command):
    """(completed process, {option: Option}) of "irie COMMAND --help"."""
    r = run(irie, [command, '--help'])
    opts = {}
    _options(r.stdout.split('\n'), opts)
    opts.setdefault('--help', Option('--help'))
    return r, opts


def table(irie):
    """The command table: [(command, synopsis, {option: Option})], in the
    table's order; the options a command takes, --help included."""
    r = run(irie, ['--list-commands'])
    if r.returncode != 0:
        raise RuntimeError('irie --list-commands: %d %s' % (r.returncode, r.stderr))
    rows = []
    for line in r.stdout.splitlines():
        name, synopsis = line.split('\t')
        o = run(irie, ['--list-options', name])
        if o.returncode != 0:
            raise RuntimeError('irie --list-options %s: %d %s' % (name, o.returncode, o.stderr))
        opts = {}
        for spec in o.stdout.splitlines():
            opt_name, _, value = spec.partition('=')
            opt = opts.setdefault(opt_name, Option(opt_name))
            if value:
                opt.add_value(value)
        rows.append((name, synopsis, opts))
    return rows


def read_data(path):
    """tests/doc/values.txt: 'value METAVAR WORD', 'input COMMAND ARGS...' (DATADIR: its directory),
    'complete SHELL|any LINE -> WORD'."""
    values, inputs, completions = {}, {}, []
    with open(path, encoding='utf-8') as f:
        for raw in f:
            line = raw.rstrip('\n')
            if not line.strip() or line.lstrip().startswith('#'):
                continue
            kind, rest = line.split(' ', 1)
            if kind == 'value':
                meta, word = rest.split(' ', 1)
                values.setdefault(meta, []).append(word)
            elif kind == 'input':
                cmd, _, args = rest.partition(' ')
                inputs[cmd] = args.replace('DATADIR', os.path.dirname(os.path.abspath(path))).split()
            elif kind == 'complete':
                shell, rest = rest.split(' ', 1)
                left, word = rest.rsplit(' -> ', 1)
                completions.append((shell, left, word))
            else:
                raise ValueError('unknown line in %s: %s' % (path, line))
    return values, inputs, completions


def man_text(path):
    """The man page's source with roff escapes for '-' and fonts undone."""
    with open(path, encoding='utf-8') as f:
        s = f.read()
    s = re.sub(r'\\f[BIRP]', '', s)
    s = s.replace('\\-', '-').replace('\\(aq', "'").replace('\\&', '')
    return s


def man_synopses(path):
    """The commands' synopses in the man page: each '.SS "irie ..."' heading,
    and '.B "irie view"' with the '.RI' line after it (as in VIEW)."""
    found = []
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    def plain(s):
        s = re.sub(r'\\f[BIRP]', '', s)
        return s.replace('\\-', '-').replace('\\(aq', "'").replace('\\&', '')
    for i, line in enumerate(lines):
        m = re.match(r'^\.SS "(irie .*)"$', line)
        if m:
            found.append(plain(m.group(1)))
        m = re.match(r'^\.B "(irie [a-z-]+)"$', line)
        if m and i + 1 < len(lines) and lines[i + 1].startswith('.RI '):
            found.append(plain(m.group(1) + ' ' + ''.join(lines[i + 1][4:].split())))
    return found


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def check(self, cond, what, detail=''):
        self.n += 1
        if cond:
            print('ok %d - %s' % (self.n, what))
        else:
            self.failed += 1
            print('not ok %d - %s' % (self.n, what))
            for d in str(detail).splitlines():
                print('# ' + d)

    def done(self):
        print('1..%d' % self.n)
        return 1 if self.failed else 0
