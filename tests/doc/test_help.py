#!/usr/bin/env python3
"""The command table, irie's --help texts, the man page and the completions
agree.

usage: test_help.py IRIE MAN_PAGE BASH_COMPLETION ZSH_COMPLETION VALUES

The commands and each one's options come from irie's command table
(app/batch_table.c, printed by the hidden "irie --list-commands" and
"irie --list-options CMD"): irie --help names exactly the table's commands;
each command's --help exits 0 with the table's synopsis as its usage line
and names exactly the table's options and values; unknown options are
usage errors (2); every option (and each value) is accepted and refused by
the other commands; the man page gives every command's synopsis as the
table does, and documents no option irie does not have; both completion
files name them all, and every charset they offer is one irie to-iri
accepts.  (test_completion.py runs the completions against the table.)"""
import re
import sys

import helpdoc

irie, man_path, bash_path, zsh_path, data_path = sys.argv[1:6]
t = helpdoc.Tap()
values, inputs, _ = helpdoc.read_data(data_path)

usage, help_commands, main_opts = helpdoc.main_help(irie)
rows = helpdoc.table(irie)
commands = [name for name, _, _ in rows]
synopses = {name: synopsis for name, synopsis, _ in rows}
t.check(usage.startswith('Usage: irie '), 'irie --help prints its usage line', usage[:200])
t.check(len(commands) >= 10, 'the table has the commands (%s)' % ' '.join(commands))
t.check(sorted(help_commands) == sorted(commands), 'irie --help names exactly the table\'s commands',
        'help: %s\ntable: %s' % (' '.join(help_commands), ' '.join(commands)))
for flag in ('--help', '-h'):
    r = helpdoc.run(irie, [flag])
    t.check(r.returncode == 0 and r.stdout == usage and not r.stderr, 'irie %s exits 0 with the help' % flag,
            r.stderr)

per_command = {name: opts for name, _, opts in rows}
for cmd in commands:
    r, help_opts = helpdoc.command_help(irie, cmd)
    # The usage line, with the lines that continue it (indented, not a
    # second form "irie ...") joined.
    lines = r.stdout.split('\n')
    first = lines[0]
    for more in lines[1:]:
        if not more.startswith('  ') or not more.strip() or more.strip().startswith('irie '):
            break
        first += ' ' + more.strip()
    t.check(r.returncode == 0 and first == 'Usage: ' + synopses[cmd] and not r.stderr,
            'irie %s --help exits 0 and its usage line is the table\'s synopsis' % cmd,
            'status %d, first line %r, table %r, stderr %r' % (r.returncode, first, synopses[cmd], r.stderr))
    # The help's options are the table's, with the same values.
    table_opts = per_command[cmd]
    t.check(sorted(set(help_opts) - {'-h'}) == sorted(table_opts),
            'irie %s --help names exactly the table\'s options' % cmd,
            'help: %s\ntable: %s' % (' '.join(sorted(help_opts)), ' '.join(sorted(table_opts))))
    for name, o in table_opts.items():
        h = help_opts.get(name)
        if h is None:
            continue
        if o.values:
            t.check(h.values == o.values or all(re.search(r'\b%s\b' % re.escape(v), r.stdout) for v in o.values),
                    'irie %s --help names the values of %s: %s' % (cmd, name, '|'.join(o.values)),
                    'help: %s' % '|'.join(h.values))
        else:
            t.check(h.metavar == o.metavar and not h.values,
                    'irie %s --help shows %s as the table does (%s)' % (cmd, name, o.metavar or 'no value'),
                    'help: %s %s' % (h.metavar, h.values))
    for args in ([cmd, '-h'], [cmd, 'http://x/', '--help'], ['--json', cmd, '--help'] if cmd not in ('view', 'show') else [cmd, '--help']):
        r2 = helpdoc.run(irie, args)
        t.check(r2.returncode == 0 and r2.stdout == r.stdout, 'irie %s prints the same help' % ' '.join(args),
                'status %d' % r2.returncode)
    # "--" ends the options: after it "--help" is an input, not the help.
    if cmd not in ('view', 'compare', 'resolve'):
        r3 = helpdoc.run(irie, [cmd, '--', '--help'])
        t.check(not r3.stdout.startswith('Usage:'), 'irie %s -- --help takes --help as an input' % cmd)
    r4 = helpdoc.run(irie, [cmd, '--no-such-option', 'http://x/'])
    t.check(r4.returncode == 2 and '--no-such-option' in r4.stderr,
            'irie %s --no-such-option is a usage error (2) that names the option' % cmd,
            'status %d, stderr %r' % (r4.returncode, r4.stderr))

r = helpdoc.run(irie, ['--no-such-option'])
t.check(r.returncode == 2 and '--no-such-option' in r.stderr, 'irie --no-such-option exits 2 with a message', r.stderr)
r = helpdoc.run(irie, ['no-such-command', 'x'])
t.check(r.returncode == 2 and 'no-such-command' in r.stderr, 'an unknown command exits 2 with a message', r.stderr)

# Every option, with each value its help names, is accepted.
def accepted(args, what):
    r = helpdoc.run(irie, args)
    t.check(r.returncode in (0, 1) and 'option' not in r.stderr and 'usage' not in r.stderr.lower(),
            'accepted: irie %s' % ' '.join(args), 'status %d, stderr %r' % (r.returncode, r.stderr))

for cmd, opts in per_command.items():
    for name, o in opts.items():
        if name in ('--help', '-h'):
            continue
        if cmd not in inputs:
            t.check(False, 'values.txt has an input for %s (which takes %s)' % (cmd, name))
            continue
        vals = list(o.values)
        if o.metavar:
            vals += values.get(o.metavar, [])
            t.check(o.metavar in values, 'values.txt has a value for %s=%s' % (name, o.metavar))
        if o.takes_value:
            for v in vals:
                accepted([cmd, '%s=%s' % (name, v)] + inputs[cmd], cmd)
        else:
            accepted([cmd, name] + inputs[cmd], cmd)

# The editor's own options: parsed in order, so "--print=uri --help" shows
# the help only if --print=uri was accepted; --json goes before a command.
for name, o in main_opts.items():
    if name in ('--help', '-h'):
        continue
    if name == '--version':
        r = helpdoc.run(irie, [name])
        t.check(r.returncode == 0 and re.match(r'irie \d', r.stdout), 'irie --version prints the version', r.stdout)
    elif name == '--json':
        r = helpdoc.run(irie, [name, 'check', 'http://example.org/'])
        t.check(r.returncode == 0 and r.stdout.startswith('{'), 'irie --json check gives JSON', r.stdout + r.stderr)
    else:
        for v in o.values:
            r = helpdoc.run(irie, ['%s=%s' % (name, v), '--help'])
            t.check(r.returncode == 0 and r.stdout == usage, 'accepted: irie %s=%s' % (name, v), r.stderr)
        r = helpdoc.run(irie, ['%s=no-such-value' % name, '--help'])
        t.check(r.returncode == 2, 'irie %s=no-such-value is a usage error' % name, r.stderr)

# Each option is refused by the commands that do not take it (2).
all_batch = [cmd for cmd in commands if cmd in inputs]
for name in sorted({n for opts in per_command.values() for n in opts} - {'--help'}):
    for cmd in all_batch:
        if name in per_command[cmd]:
            continue
        o = next(opts[name] for opts in per_command.values() if name in opts)
        arg = '%s=%s' % (name, (o.values + values.get(o.metavar, ['x']))[0]) if o.takes_value else name
        r = helpdoc.run(irie, [cmd, arg] + inputs[cmd])
        t.check(r.returncode == 2 and r.stderr, 'refused: irie %s %s' % (cmd, arg),
                'status %d, stderr %r' % (r.returncode, r.stderr))

# The man page gives each command's synopsis as the table does, and no
# other ...
man_syn = helpdoc.man_synopses(man_path)
for cmd in commands:
    t.check(synopses[cmd] in man_syn, 'the man page has the synopsis "%s"' % synopses[cmd],
            'the man page\'s: %s' % '; '.join(s for s in man_syn if s.startswith('irie %s ' % cmd)))
for syn in man_syn:
    t.check(syn in synopses.values(), 'the man page\'s synopsis "%s" is the table\'s' % syn)
# ... documents every command and option ...
man = helpdoc.man_text(man_path)
all_opts = set(main_opts)
for opts in per_command.values():
    all_opts |= set(opts)
for cmd in commands:
    t.check(re.search(r'irie %s\b' % re.escape(cmd), man) is not None, 'the man page documents "irie %s"' % cmd)
for name in sorted(all_opts):
    t.check(re.search(r'(?<![\w-])%s\b' % re.escape(name), man) is not None, 'the man page documents %s' % name)
for cmd, opts in [('', main_opts)] + list(per_command.items()):
    for name, o in opts.items():
        for v in o.values + values.get(o.metavar, []):
            t.check(re.search(r'\b%s\b' % re.escape(v), man) is not None,
                    'the man page names %s\'s value %s' % (name, v))
# ... and no option irie does not have.
for name in sorted(set(re.findall(r'(?<![\w-])--[a-z][a-z-]*', man))):
    t.check(name in all_opts, 'the man page\'s %s is an option of irie' % name)

# Both completion files name every command and option.
for path in (bash_path, zsh_path):
    with open(path, encoding='utf-8') as f:
        comp = f.read()
    short = path.rsplit('/', 1)[-1]
    for cmd in commands:
        t.check(re.search(r'(?<![\w-])%s(?![\w-])' % re.escape(cmd), comp) is not None, '%s names %s' % (short, cmd))
    for name in sorted(all_opts - {'-h'}):
        t.check(re.search(r'(?<![\w-])%s(?![\w-])' % re.escape(name), comp) is not None, '%s names %s' % (short, name))
    # The charsets offered are ones irie to-iri takes.
    m = re.search(r"charsets=['(]([^')]*)[')]", comp)
    t.check(m is not None, '%s has a charset list' % short)
    for cs in (m.group(1).split() if m else []):
        r = helpdoc.run(irie, ['to-iri', '--charset=' + cs, 'http://a/%41'])
        t.check(r.returncode == 0, '%s offers charset %s, which irie to-iri accepts' % (short, cs), r.stderr)

sys.exit(t.done())
