#!/usr/bin/env python3
"""The style rule on sizes (doc/design-notes.md, the helper brief): functions
under ~80 lines except flat tables, files under ~600 lines.

    fn_lengths.py [--max-function N] [--max-file N] FILE_OR_DIR...

A function is what the project's style spells as one: a line that is
exactly "{" up to the next line that is exactly "}" (tables open with
"= {" and end with "};", so they are not counted).  Directories are
searched for *.c files.  Prints each function or file over its limit and
exits 1 if there is any."""
import argparse
import pathlib
import sys


def functions(lines):
    """(first line number, length in lines, signature) of each function."""
    start = None
    for i, line in enumerate(lines):
        if line == '{':
            start = i
        elif line == '}' and start is not None:
            # The signature: the lines above the brace back to a blank one.
            j = start - 1
            while j > 0 and lines[j - 1].strip() and not lines[j - 1].startswith(('}', '/*', ' *', '#')):
                j -= 1
            yield start + 1, i - start + 1, ' '.join(l.strip() for l in lines[j:start])
            start = None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--max-function', type=int, default=80)
    ap.add_argument('--max-file', type=int, default=600)
    ap.add_argument('paths', nargs='+')
    args = ap.parse_args()
    files = []
    for p in map(pathlib.Path, args.paths):
        files += sorted(p.glob('*.c')) if p.is_dir() else [p]
    over = 0
    for f in files:
        lines = f.read_text(encoding='utf-8', errors='replace').split('\n')
        if lines and lines[-1] == '':
            lines.pop()
        if len(lines) > args.max_file:
            print(f'{f}: {len(lines)} lines (files: {args.max_file} at most)')
            over += 1
        for first, n, sig in functions(lines):
            if n > args.max_function:
                print(f'{f}:{first}: {n} lines: {sig} (functions: {args.max_function} at most)')
                over += 1
    print(f'{len(files)} files checked, {over} over the limits')
    return 1 if over else 0


if __name__ == '__main__':
    sys.exit(main())
