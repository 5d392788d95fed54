#!/usr/bin/env python3
"""extract/'s memory: irie extract's peak RSS on a generated document of
each type at 1x and 8x the size (10 MB and 80 MB by default), and whether
it stays flat -- the rule of the to-uri memory check (run_peers.py): the
8x peak within 1.1 times the 1x peak plus 512 KiB.  Not timed.

Usage: bench_extract_mem.py --irie BINARY [--dir DIR] [--mb N]

The documents (written to DIR, made again when this script changed): HTML,
XML, Markdown, JSON (one document), JSON Lines, Turtle, text, and HTML in
Shift_JIS (<meta charset>), each a unit with links repeated to the size;
the HTML's second half is a run of markup without attributes (no link to
hand out: only its tags let go of what was read, review-code-3 finding 6).
Exit status 1 when one is not flat, 2 on an error."""
import argparse
import os
import subprocess
import sys

HTML_UNIT = ('<p>See <a href="https://www.example.org/page/{i}.html">page {i}</a> and '
             '<a href="../rel/{i}?a=1&amp;b=2">rel</a>, <img src="img/{i}.png" '
             'srcset="s{i}.png 1x, l{i}.png 2x" alt=""> the quick brown fox.</p>\n')
PLAIN_HTML_UNIT = '<p>Plain <b>{i}</b> and <i>text</i>,<br>no links.</p><ul><li>item</li></ul>\n'
SJIS_UNIT = ('<p>\u65e5\u672c\u8a9e <a href="https://example.jp/\u6587\u66f8/{i}">\u30ea\u30f3\u30af</a>'
             ' \u3068 <a href="rel/{i}">\u76f8\u5bfe</a>\u3002</p>\n')
XML_UNIT = ('<entry xml:base="http://example.org/{i}/"><link href="a/{i}"/>'
            '<title>entry {i}</title><id>urn:example:{i}</id></entry>\n')
MD_UNIT = ('Some text with [a link](https://example.org/{i}) and <https://auto.example/{i}>.\n\n'
           '- item ![img](img/{i}.png)\n- item [ref][r{i}]\n\n[r{i}]: https://ref.example/{i}\n\n')
JSON_UNIT = '{{"id": {i}, "url": "https://example.org/{i}", "tags": ["a", "urn:x:{i}"]}}'
TTL_UNIT = ('<http://example.org/s{i}> ex:p <http://example.org/o{i}> ;\n'
            '  ex:q "literal {i}" .\n')
TEXT_UNIT = 'Line {i} of prose, see https://example.org/{i} (and mailto:a{i}@example.org).\n'


def write_doc(path, kind, size):
    enc = 'shift_jis' if kind == 'sjis.html' else 'utf-8'
    with open(path, 'w', encoding=enc, newline='') as f:
        head = {'html': '<!DOCTYPE html>\n<html><head><title>t</title></head><body>\n',
                'sjis.html': '<!DOCTYPE html>\n<html><head><meta charset="Shift_JIS">'
                             '<title>t</title></head><body>\n',
                'xml': '<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n',
                'json': '{"items": [\n', 'ttl': '@prefix ex: <http://example.org/ns#> .\n'}
        tail = {'html': '</body></html>\n', 'sjis.html': '</body></html>\n', 'xml': '</feed>\n',
                'json': '{}\n]}\n'}
        unit = {'html': HTML_UNIT, 'sjis.html': SJIS_UNIT, 'xml': XML_UNIT, 'md': MD_UNIT,
                'json': JSON_UNIT + ',\n', 'jsonl': JSON_UNIT + '\n', 'ttl': TTL_UNIT,
                'txt': TEXT_UNIT}[kind]
        runs = {'html': [(unit, size // 2), (PLAIN_HTML_UNIT, size - size // 2)]}.get(kind, [(unit, size)])
        f.write(head.get(kind, ''))
        i = 0
        for run_unit, run_size in runs:
            written = 0
            while written < run_size:
                block = ''.join(run_unit.format(i=i + k) for k in range(1000))
                f.write(block)
                written += len(block.encode(enc))
                i += 1000
        f.write(tail.get(kind, ''))


def peak_rss_kib(irie, path):
    """irie extract's peak RSS (KiB) on PATH, output thrown away."""
    with open(os.devnull, 'wb') as null:
        p = subprocess.Popen([irie, 'extract', path], stdout=null, stderr=null)
        _, status, usage = os.wait4(p.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise RuntimeError('%s extract %s: status %d' % (irie, path, status))
    return usage.ru_maxrss


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--irie', required=True)
    ap.add_argument('--dir', default='build-bench/bench')
    ap.add_argument('--mb', type=int, default=10)
    a = ap.parse_args()
    os.makedirs(a.dir, exist_ok=True)
    kinds = ['html', 'xml', 'md', 'json', 'jsonl', 'ttl', 'txt', 'sjis.html']
    print('memory: irie extract peak RSS on %d MB and %d MB documents (must be flat)'
          % (a.mb, 8 * a.mb))
    all_flat = True
    for kind in kinds:
        peaks = []
        for mult in (1, 8):
            path = os.path.join(a.dir, 'extract-mem-%dx%d.%s' % (a.mb, mult, kind))
            if not os.path.exists(path) or os.path.getmtime(path) < os.path.getmtime(__file__):
                write_doc(path, kind, a.mb * mult * 1000 * 1000)
            peaks.append(peak_rss_kib(a.irie, path))
        one, eight = peaks
        flat = eight <= one * 1.10 + 512
        all_flat &= flat
        print('  %-10s %8d KiB  %8d KiB  %s (%.2fx)' % (kind, one, eight,
              'flat' if flat else 'NOT flat', eight / one))
    return 0 if all_flat else 1


if __name__ == '__main__':
    try:
        sys.exit(main())
    except (OSError, RuntimeError) as e:
        print('bench_extract_mem: %s' % e, file=sys.stderr)
        sys.exit(2)
