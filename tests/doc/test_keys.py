#!/usr/bin/env python3
"""doc/irie.1's key lists agree with input/'s binding table, both ways.

usage: test_keys.py KEYS_DUMP MAN_PAGE      (TAP output)

KEYS_DUMP (tests/doc/keys_dump.c) prints the table: MODE, LABEL, ACTION,
HELP per line.  The man page's convention, under THE EDITOR:

    .\\" keys: MODE [like OTHER]    starts a mode's list (ends at .SS/.SH)
    .TP [N]
    .B "Home, C\\-a"                 the keys of one action, as ink_key_label
    text...                         spells them, in any order

A "like OTHER" list names only what differs from OTHER: the mode has OTHER's
entries too, except those with a key the list names.  Each entry must be
exactly the keys of one action in that mode; every binding must be in an
entry; every key named must be bound there.  Entries written with .BI (C-v u
XXXX, ...) are not bindings and are not read.
"""
import re
import subprocess
import sys


def unescape(s):
    return s.replace('\\-', '-').replace('\\e', '\\').replace('\\&', '')


def read_table(dump):
    out = subprocess.run([dump], check=True, capture_output=True, text=True).stdout
    table = {}   # mode -> {label: action}
    for line in out.splitlines():
        mode, label, action, _help = line.split('\t')
        table.setdefault(mode, {})[label] = action
    return table


def read_man(path):
    """mode -> (like or None, [(line number, [labels])])"""
    lists = {}
    mode = None
    after_tp = False
    with open(path, encoding='utf-8') as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip('\n')
            m = re.match(r'^\.\\" keys: (\w+)(?: like (\w+))?\s*$', line)
            if m:
                mode = m.group(1)
                lists[mode] = (m.group(2), [])
                after_tp = False
                continue
            if line.startswith('.SS') or line.startswith('.SH'):
                mode = None
                continue
            if mode is None:
                continue
            if re.match(r'^\.TP( \d+)?$', line):
                after_tp = True
                continue
            if after_tp:
                m = re.match(r'^\.B "(.*)"$', line)
                if m:
                    labels = [unescape(x.strip()) for x in m.group(1).split(', ')]
                    lists[mode][1].append((no, labels))
                after_tp = False
    return lists


def groups_of(table_mode):
    by_action = {}
    for label, action in table_mode.items():
        by_action.setdefault(action, set()).add(label)
    return by_action


def main():
    dump, man = sys.argv[1], sys.argv[2]
    table = read_table(dump)
    lists = read_man(man)
    n = 0
    failed = 0

    def result(ok, what, problems):
        nonlocal n, failed
        n += 1
        if not ok:
            failed += 1
        print(('ok' if ok else 'not ok') + ' %d - %s' % (n, what))
        for p in problems:
            print('# ' + p)

    for mode in table:
        problems = []
        if mode not in lists:
            result(False, '%s: the man page has a key list' % mode,
                   ['no line .\\" keys: %s in %s' % (mode, man)])
            continue
        like, entries = lists[mode]
        named = {label for _no, labels in entries for label in labels}
        entries = [(no, labels, mode) for no, labels in entries]
        if like:
            if like not in lists:
                problems.append('%s is like %s, which has no list' % (mode, like))
            else:
                entries += [(no, labels, like) for no, labels in lists[like][1]
                            if not named & set(labels)]
        seen = {}
        for no, labels, where in entries:
            actions = set()
            for label in labels:
                if label in seen:
                    problems.append('line %d: %s listed twice for %s (also line %d)'
                                    % (no, label, mode, seen[label]))
                seen[label] = no
                if label not in table[mode]:
                    problems.append('line %d: %s is not bound in %s' % (no, label, mode))
                else:
                    actions.add(table[mode][label])
            if len(actions) > 1:
                problems.append('line %d: %s are different actions in %s: %s'
                                % (no, ', '.join(labels), mode, ', '.join(sorted(actions))))
            elif len(actions) == 1:
                action = actions.pop()
                want = groups_of(table[mode])[action]
                if set(labels) != want:
                    problems.append('line %d: %s (%s) should list exactly %s'
                                    % (no, ', '.join(labels), action, ', '.join(sorted(want))))
                if where != mode and table.get(where, {}).get(labels[0]) != action:
                    problems.append('line %d: %s is %s in %s but %s in %s'
                                    % (no, ', '.join(labels), table.get(where, {}).get(labels[0]),
                                       where, action, mode))
        for label, action in table[mode].items():
            if label not in seen:
                problems.append('%s (%s) is bound in %s but not in the man page' % (label, action, mode))
        result(not problems, '%s: the man page lists every key, as the table binds them' % mode, problems)
    for mode in lists:
        if mode not in table:
            result(False, 'the man page\'s list %s is a mode of the table' % mode,
                   ['modes: ' + ', '.join(table)])
    print('1..%d' % n)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
