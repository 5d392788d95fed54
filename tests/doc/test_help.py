#!/usr/bin/env python3
"""irie's --help texts, the man page and the completions agree.

usage: test_help.py IRIE MAN_PAGE BASH_COMPLETION ZSH_COMPLETION VALUES

Every command and option comes from irie's own --help output: each
command's --help exits 0 with its usage line; unknown options are usage
errors (2); every option (and each value the help names) is accepted; the
man page documents every command and option, and documents no option irie
does not have; both completion files name them all, and every charset they
offer is one irie to-iri accepts."""
import re
import sys

import helpdoc

irie, man_path, bash_path, zsh_path, data_path = sys.argv[1:6]
t = helpdoc.Tap()
values, inputs, _ = helpdoc.read_data(data_path)

usage, commands, main_opts = helpdoc.main_help(irie)
t.check(usage.startswith('Usage: irie '), 'irie --help prints its usage line', usage[:200])
t.check(len(commands) >= 10, 'irie --help names the commands (%s)' % ' '.join(commands))
for flag in ('--help', '-h'):
    r = helpdoc.run(irie, [flag])
    t.check(r.returncode == 0 and r.stdout == usage and not r.stderr, 'irie %s exits 0 with the help' % flag,
            r.stderr)

per_command = {}
for cmd in commands:
    r, opts = helpdoc.command_help(irie, cmd)
    per_command[cmd] = opts
    first = r.stdout.split('\n', 1)[0]
    t.check(r.returncode == 0 and first.startswith('Usage: irie %s' % cmd) and not r.stderr,
            'irie %s --help exits 0 and prints "Usage: irie %s ..."' % (cmd, cmd),
            'status %d, first line %r, stderr %r' % (r.returncode, first, r.stderr))
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

# The man page documents every command and option ...
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
