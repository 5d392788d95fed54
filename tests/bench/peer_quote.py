#!/usr/bin/env python3
"""Benchmark peer: Python's urllib.parse.quote on each whole line.

safe = RFC 3986 reserved (gen-delims ":/?#[]@", sub-delims "!$&'()*+,;=") plus
'%'; quote always keeps the unreserved ASCII letters, digits and "_.-~".  So it
keeps existing %HH and %-encodes every non-ASCII character as UTF-8 (RFC 3987
3.1 step 2) -- hosts included: no IDNA -- and also ASCII space, '"', '<', '>',
'\\', '^', '`', '{', '|', '}' and controls (which RFC 3987 3.1 allows,
and irie does).
Reads stdin, writes one line per line; "errors 0" on stderr (quote rejects
nothing).  Usage: peer_quote.py < lines > uris;  peer_quote.py --version
"""
import io
import sys
from urllib.parse import quote

SAFE = ":/?#[]@!$&'()*+,;=%"


def main():
    if sys.argv[1:] == ["--version"]:
        print("Python " + sys.version.split()[0])
        return 0
    src = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8",
                           errors="surrogateescape", newline="\n")
    out = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8",
                           errors="surrogateescape", newline="\n",
                           write_through=False)
    write = out.write
    batch = []
    for line in src:
        batch.append(quote(line.rstrip("\n"), safe=SAFE))
        if len(batch) >= 4096:
            batch.append("")
            write("\n".join(batch))
            batch = []
    if batch:
        batch.append("")
        write("\n".join(batch))
    out.flush()
    sys.stderr.write("errors 0\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
