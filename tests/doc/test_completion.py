#!/usr/bin/env python3
"""The shell completions, run: typing a prefix and Tab offers the word.

usage: test_completion.py bash|zsh IRIE COMPLETION_FILE VALUES MAN_PAGE

The cases come from irie's command table (the hidden "irie --list-commands"
and "irie --list-options CMD", app/batch_table.c: every command, every
option of each command, every value listed) and irie --help (the editor's
options), plus the 'complete' lines of tests/doc/values.txt.  Both ways:
"irie <Tab>" offers exactly the table's commands, "irie CMD --<Tab>"
exactly CMD's options, "irie CMD --opt=<Tab>" exactly its values.
bash: the file is sourced after bash-completion's bash_completion
(tools/setup installs it) in "bash --norc", COMP_WORDS and COMP_CWORD are
set as bash would split the line, and _irie fills COMPREPLY.  zsh:
"zsh -f -i" runs in a zpty with compinit; compadd is wrapped to record what
the completion offers for the line typed before Tab."""
import os
import shutil
import subprocess
import sys
import tempfile

import helpdoc

shell, irie, comp_path, data_path, man_path = sys.argv[1:6]
t = helpdoc.Tap()
values, _, extra = helpdoc.read_data(data_path)
_, _, main_opts = helpdoc.main_help(irie)
rows = helpdoc.table(irie)
commands = [name for name, _, _ in rows]
mandir = os.path.dirname(os.path.abspath(man_path))

# (line typed before Tab, word that must be offered)
cases = []
# (line typed before Tab, the words that must be offered, no more)
exact = []


def opt_word(name, o):
    return name + '=' if o.takes_value and shell == 'bash' else name


for cmd in commands:
    cases.append(('irie ' + cmd[:-1], cmd))
    if cmd != 'view':
        cases.append(('irie --json ' + cmd[:-1], cmd))
    opts = dict(rows[commands.index(cmd)][2])
    exact.append(('irie %s --' % cmd, {opt_word(name, o) for name, o in opts.items()}))
    for name, o in opts.items():
        cases.append(('irie %s %s' % (cmd, name[:-1]), opt_word(name, o)))
        for v in o.values + values.get(o.metavar, []):
            cases.append(('irie %s %s=%s' % (cmd, name, v[:-1]), v))
        if o.values:
            exact.append(('irie %s %s=' % (cmd, name), set(o.values)))
exact.append(('irie ', set(commands)))
for name, o in main_opts.items():
    if name == '-h':
        continue
    cases.append(('irie ' + name[:-1], opt_word(name, o)))
    for v in o.values:
        cases.append(('irie %s=%s' % (name, v[:-1]), v))
for sh, line, word in extra:
    if sh in ('any', shell):
        cases.append((line.replace('MANDIR', mandir), word.replace('MANDIR', mandir)))
n_word_cases = len(cases)
cases += [(line, None) for line, _ in exact]

tmp = tempfile.mkdtemp(prefix='irie-comp-')
try:
    if shell == 'bash':
        bc = '/usr/share/bash-completion/bash_completion'
        t.check(os.path.exists(bc), 'bash-completion is installed (%s; tools/setup)' % bc)
        script = [
            'source %s' % bc,
            'source "$1"',
            # compopt works only inside a real completion: here a no-op.
            'compopt() { :; }',
            # Split like readline: words at blanks, "=" a word of its own.
            'complete_line() {',
            '  local line=$1 x; local -a w=()',
            '  for x in $line; do',
            '    if [[ $x == *=* ]]; then w+=("${x%%=*}" "="); [[ -n ${x#*=} ]] && w+=("${x#*=}");',
            '    else w+=("$x"); fi',
            '  done',
            '  [[ $line == *" " ]] && w+=("")',
            '  COMP_LINE=$line; COMP_POINT=${#line}; COMP_WORDS=("${w[@]}"); COMP_CWORD=$((${#w[@]} - 1))',
            '  COMPREPLY=()',
            '  _irie irie "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"',
            '  printf "%s\\n" "${COMPREPLY[@]}"',
            '}',
            'while IFS= read -r line; do complete_line "$line"; echo @@END@@; done',
        ]
        path = os.path.join(tmp, 'run.bash')
        with open(path, 'w') as f:
            f.write('\n'.join(script) + '\n')
        r = subprocess.run(['bash', '--norc', '--noprofile', path, comp_path],
                           input=''.join(line + '\n' for line, _ in cases),
                           capture_output=True, text=True, timeout=120)
        t.check(r.returncode == 0 and not r.stderr, 'the bash completion runs without errors', r.stderr)
        results = r.stdout.split('@@END@@\n')
    else:
        zsh = shutil.which('zsh')
        t.check(zsh is not None, 'zsh is installed (tools/setup)')
        if zsh is None:
            sys.exit(t.done())
        r = subprocess.run([zsh, '-n', comp_path], capture_output=True, text=True)
        t.check(r.returncode == 0 and not r.stderr, 'zsh -n accepts %s' % comp_path, r.stderr)
        compdir = os.path.join(tmp, 'fpath')
        os.mkdir(compdir)
        shutil.copy(comp_path, os.path.join(compdir, '_irie'))
        lines = [
            'zmodload zsh/zpty',
            'zpty z zsh -f -i',
            "zpty -w z 'PS1=\"> \"; unsetopt zle_bracketed_paste beep; bindkey -e'",
            "zpty -w z 'fpath=(%s $fpath); autoload -Uz compinit; compinit -u -d %s/zcompdump'" % (compdir, tmp),
            # compadd records what it is asked to offer (after prefix matching).
            "zpty -w z 'compadd() { builtin compadd \"$@\"; local -a __a; builtin compadd -O __a \"$@\";"
            " print -rl -- \"${__a[@]}\" >> $__out; }'",
            "zpty -w z \"zstyle ':completion:*' menu no; zstyle ':completion:*' list-prompt ''\"",
        ]
        for i, (line, _) in enumerate(cases):
            out = os.path.join(tmp, 'case%d' % i)
            open(out, 'w').close()
            lines += [
                "zpty -w z '__out=%s'" % out,
                "zpty -w -n z '%s'$'\\t'" % line.replace("'", "'\\''"),
                # Nothing more is typed until the completion has run: zle
                # does not complete while more input is waiting (a paste).
                "for __k in {1..400}; do [[ -s %s ]] && break; sleep 0.025; done" % out,
                # Clear the line, then wait until the shell has caught up.
                "zpty -w -n z $'\\C-e\\C-u'",
                "zpty -w z 'print -r -- DONE\"\"%d'" % i,
                "zpty -r z __got '*DONE%d*'" % i,
            ]
        lines += ["zpty -w z 'exit'", 'zpty -d z']
        path = os.path.join(tmp, 'run.zsh')
        with open(path, 'w') as f:
            f.write('\n'.join(lines) + '\n')
        r = subprocess.run([zsh, '-f', path], capture_output=True, text=True, timeout=300)
        t.check(r.returncode == 0, 'the zsh driver runs', r.stderr)
        results = []
        for i in range(len(cases)):
            with open(os.path.join(tmp, 'case%d' % i)) as f:
                results.append(f.read())
    for (line, word), got in zip(cases[n_word_cases:], results[n_word_cases:]):
        offered = {w for w in got.split('\n') if w}
        want = dict(exact)[line]
        t.check(offered == want, '%s: "%s<Tab>" offers exactly %s' % (shell, line, ' '.join(sorted(want))),
                'offered: %s' % ' '.join(sorted(offered)))
    for (line, word), got in zip(cases[:n_word_cases], results):
        offered = [w for w in got.split('\n') if w]
        # zsh offers a path one component at a time (_files).
        found = word in offered or (shell == 'zsh' and '/' in word and os.path.basename(word) in offered)
        t.check(found, '%s: "%s<Tab>" offers %s' % (shell, line, word), 'offered: %s' % ' '.join(offered))
finally:
    shutil.rmtree(tmp, ignore_errors=True)
sys.exit(t.done())
