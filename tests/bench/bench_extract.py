#!/usr/bin/env python3
"""Extraction plus checking on a corpus of HTML pages: irie extract and
irie check --extract, in MB/s of HTML read (target: check >= 50 MB/s).

Usage: bench_extract.py --irie BINARY [--dir DIR] [--mb N] [--seed S] [--runs R]

Writes a deterministic corpus to DIR (made again when this script changed):
pages of about 64 KiB, each with a <base href>, paragraphs of prose and
links every few hundred bytes -- ASCII absolute and relative ones, Hebrew
and Arabic (right-to-left) paths and hosts, entities (&amp;, &#x5DC;),
srcset lists, a few with findings (a space, a bidi control as &#x202E;).
Times each command over all pages R times (best run), prints MB/s by CPU
time (user + system; wall time beside it), IRIs/s and the processor.  Exit status 1 when check --extract misses the target
(as tests/bench/bench_tui does), 2 on an error."""
import argparse
import os
import random
import resource
import subprocess
import sys
import time

TARGET_MB_S = 50.0
PAGE_BYTES = 64 * 1024

WORDS = ('the quick brown fox jumps over lazy dog page link section article data '
         'network resource identifier unicode right left text').split()
HEBREW = ['שלום', 'ירושלים', 'ספר', 'דף']
ARABIC = ['مرحبا', 'دليل', 'كتاب', 'صفحة']


def link(rng):
    k = rng.randrange(20)
    if k < 6:
        return 'https://www.example.org/%s/%d.html' % (rng.choice(WORDS), rng.randrange(10000))
    if k < 10:
        return '../%s/%s-%d.html' % (rng.choice(WORDS), rng.choice(WORDS), rng.randrange(100))
    if k < 12:
        return 'https://he.example.org/wiki/%s_%s' % (rng.choice(HEBREW), rng.choice(HEBREW))
    if k < 14:
        return 'http://%s.example/%s' % (rng.choice(ARABIC), rng.choice(ARABIC))
    if k < 16:
        return 'https://example.org/search?q=%s&amp;lang=he&amp;p=%d' % (rng.choice(WORDS), rng.randrange(9))
    if k < 18:
        return 'https://example.org/&#x5DC;&#1488;/%d' % rng.randrange(1000)
    if k < 19:
        return 'img/%s.png' % rng.choice(WORDS)
    # a finding now and then
    return rng.choice(['http://example.org/a b', 'http://example.org/&#x202E;gnp.exe'])


def page(rng, n):
    parts = ['<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n',
             '<title>Page %d</title>\n<base href="https://example.org/pages/%d/">\n' % (n, n),
             '<link rel="stylesheet" href="/style.css"></head>\n<body>\n']
    size = sum(len(p.encode()) for p in parts)
    while size < PAGE_BYTES:
        words = ' '.join(rng.choice(WORDS) for _ in range(rng.randrange(20, 50)))
        if rng.randrange(4) == 0:
            words += ' ' + ' '.join(rng.choice(HEBREW + ARABIC) for _ in range(5))
        href = link(rng)
        if rng.randrange(10) == 0:
            p = '<p>%s <img src="%s" srcset="a.png 1x, b.png 2x" alt=""></p>\n' % (words, href)
        else:
            p = '<p>%s <a href="%s">%s</a> &amp; more.</p>\n' % (words, href, rng.choice(WORDS))
        parts.append(p)
        size += len(p.encode())
    parts.append('</body></html>\n')
    return ''.join(parts)


def corpus(directory, mb, seed):
    stamp = os.path.join(directory, 'stamp-%d-%d' % (mb, seed))
    pages = max(1, mb * 1024 * 1024 // PAGE_BYTES)
    names = [os.path.join(directory, 'page-%05d.html' % i) for i in range(pages)]
    if not (os.path.exists(stamp) and os.path.getmtime(stamp) > os.path.getmtime(__file__)):
        os.makedirs(directory, exist_ok=True)
        rng = random.Random(seed)
        for i, name in enumerate(names):
            with open(name, 'w', encoding='utf-8') as f:
                f.write(page(rng, i))
        open(stamp, 'w').close()
    return names


def processor():
    try:
        with open('/proc/cpuinfo', encoding='utf-8') as f:
            for line in f:
                if line.startswith('model name'):
                    return line.split(':', 1)[1].strip()
    except OSError:
        pass
    return 'unknown processor'


def best_time(cmd, runs):
    """(best CPU seconds, best wall seconds, the last run): CPU time (user +
    system of the child) is the figure -- on a machine shared with other
    work the wall clock counts their time too."""
    best = best_wall = None
    out = None
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=dict(os.environ, LC_ALL='C.UTF-8'))
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        dt = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if r.returncode not in (0, 1):
            sys.stderr.write('bench_extract: %s exited %d: %s\n' % (' '.join(cmd[:3]), r.returncode,
                                                                     r.stderr.decode()[:400]))
            sys.exit(2)
        out = r
        best = dt if best is None else min(best, dt)
        best_wall = wall if best_wall is None else min(best_wall, wall)
    return best, best_wall, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--irie', required=True)
    ap.add_argument('--dir', default='build-bench/bench')
    ap.add_argument('--mb', type=int, default=64)
    ap.add_argument('--seed', type=int, default=3987)
    ap.add_argument('--runs', type=int, default=3)
    a = ap.parse_args()
    names = corpus(os.path.join(a.dir, 'html'), a.mb, a.seed)
    total = sum(os.path.getsize(n) for n in names)
    mb = total / 1e6
    print('extraction on %d HTML pages, %.1f MB (%s)' % (len(names), mb, processor()))
    missed = False
    for label, args in (('extract', ['extract']), ('check --extract', ['check', '--extract'])):
        t, wall, r = best_time([a.irie] + args + names, a.runs)
        if label == 'extract':
            iris = r.stdout.count(b'\n')
            extra = '%d IRIs, %.0f IRIs/s' % (iris, iris / t)
        else:
            extra = r.stderr.decode().strip().splitlines()[-1]
        rate = mb / t
        goal = ''
        if label.startswith('check'):
            ok = rate >= TARGET_MB_S
            missed = not ok
            goal = '  target >= %.0f MB/s: %s' % (TARGET_MB_S, 'met' if ok else 'MISSED')
        print('  %-16s %7.1f MB/s  %6.2f s CPU  %6.2f s wall (%.1f MB/s)  %s%s' % (
            label, rate, t, wall, mb / wall, extra, goal))
    return 1 if missed else 0


sys.exit(main())
