#!/usr/bin/env python3
"""A file on stdin run on several threads (app/parallel.c) gives, byte for
byte, what the main thread gives reading a pipe: stdout, stderr and the exit status, for every
line-based batch command.  The input is the benchmark corpus with awkward
lines put where the 256 KiB chunks are cut: a line longer than a chunk,
CRLF, empty lines, bad lines, a NUL, bytes that are not UTF-8, a BOM first,
and a last line without its newline; and a line over the 16 MiB cap.  Also: stdin opened part way into the
file starts there and is left at its end, a failing stdout (/dev/full, a
closed pipe) stops the reading, and a bad IRIE_JOBS is reported.

Under IRIE_TEST_WRAPPER (valgrind, see tests/cli/run_cases.py) only the
threaded runs of three commands are wrapped, and anything the wrapper
reports in IRIE_TEST_LOG_DIR fails the test.

IRIE_TEST_SCALE=small (tools/test's sanitizer build, meson.build's valgrind
setup) ends the input SMALL_TAIL_BYTES after the line longer than a chunk
instead of TAIL_BYTES past the third chunk: the same chunk cuts and awkward
lines, a tenth of the lines after the long one (under ASan each of those
cost display about 0.1 s until render/bidi.c stopped reallocating its
arrays on every line; doc/ci.md).

Usage: run_parallel.py IRIE CORPUS"""
import os
import shlex
import subprocess
import sys
import tempfile

CHUNK_BYTES = 256 * 1024
TAIL_BYTES = 50000
SMALL_TAIL_BYTES = 5000
SMALL = os.environ.get("IRIE_TEST_SCALE") == "small"
COMMANDS = [
    ["to-uri"], ["to-uri", "--nfc"], ["to-iri"], ["check"], ["--json", "check"],
    ["--json", "to-uri"], ["host"], ["explain"], ["compare"],
    ["resolve", "http://a.example/b/c?q"], ["show"], ["display"],
]
AWKWARD = [
    b"", b"http://example.com/a b", b"http://example.com/crlf\r",
    b"http://ex\x00ample.com/", b"http://example.com/\xff\xfe", b"\t",
    b"http://[::1]:99999/", "http://\u05d0\u05d1.example/\u05d2?\u05d3#x".encode(),
    b"http://example.com/\t" + "http://example.com/%7e".encode(),
    b"relative/path", b"%", b"http://a..b/", "https://\u0431\u0443\u043a\u0432\u0430.\u0440\u0444/".encode(),
]
failures = 0


def fail(why):
    global failures
    failures += 1
    print("FAIL:", why)


def first_difference(a, b):
    """Where two runs' (status, stdout, stderr) part ways, shown briefly."""
    for name, x, y in zip(("exit status", "stdout", "stderr"), a, b):
        if x != y:
            if isinstance(x, int):
                return f"{name} {x} vs {y}"
            k = next((i for i in range(min(len(x), len(y))) if x[i] != y[i]), min(len(x), len(y)))
            return f"{name} at byte {k}: {x[max(0, k - 40):k + 80]!r} vs {y[max(0, k - 40):k + 80]!r}"
    return "none"


def build_input(corpus_path):
    lines = open(corpus_path, "rb").read().split(b"\n")[:-1]
    out = bytearray(b"\xef\xbb\xbfhttp://bom.example/first\n")
    k = 0
    stop_at = 3 * CHUNK_BYTES + TAIL_BYTES
    for i, line in enumerate(lines):
        out += line + b"\n"
        # Awkward lines where chunks are cut, and a line longer than a chunk.
        if len(out) // CHUNK_BYTES != (len(out) - len(line) - 1) // CHUNK_BYTES:
            for extra in AWKWARD:
                out += extra + b"\n"
            if k == 1:
                out += b"http://example.com/" + b"a" * (CHUNK_BYTES + 1000) + b"\n"
                if SMALL:
                    stop_at = max(len(out), 3 * CHUNK_BYTES) + SMALL_TAIL_BYTES
            k += 1
        if len(out) > stop_at:
            break
    out += b"http://example.com/no-newline"
    return bytes(out)


WRAPPER = shlex.split(os.environ.get("IRIE_TEST_WRAPPER", ""))
WRAPPED_COMMANDS = [["to-uri"], ["check"], ["--json", "to-uri"]]


def run(irie, args, path, jobs, offset=0, log_dir=None, pipe=False):
    """With pipe, stdin is a pipe: irie reads it line by line on the main
    thread (app/batch_in.c), the reference the threaded runs must match."""
    env = dict(os.environ, IRIE_JOBS=str(jobs), LC_ALL="C.UTF-8", LANGUAGE="")
    words = [irie] + args
    if log_dir:
        env["IRIE_TEST_LOG_DIR"] = log_dir
        words = WRAPPER + words
    with open(path, "rb") as f:
        f.seek(offset)
        if pipe:
            r = subprocess.run(words, input=f.read(), capture_output=True, env=env, timeout=3000)
            return r.returncode, r.stdout, r.stderr, None
        r = subprocess.run(words, stdin=f, capture_output=True, env=env, timeout=3000)
        left_at = os.lseek(f.fileno(), 0, os.SEEK_CUR)
    return r.returncode, r.stdout, r.stderr, left_at


def main():
    irie, corpus = sys.argv[1], sys.argv[2]
    data = build_input(corpus)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "input.txt")
        with open(path, "wb") as f:
            f.write(data)
        checks = 0
        log_dir = os.path.join(tmp, "wrapper-logs")
        os.mkdir(log_dir)
        for args in WRAPPED_COMMANDS if WRAPPER else COMMANDS:
            one = run(irie, args, path, 1, pipe=True)
            if not one[1]:
                fail(f"{' '.join(args)}: no output at all")
            for jobs in (2,) if WRAPPER else (1, 2, 3):
                many = run(irie, args, path, jobs, log_dir=log_dir if WRAPPER else None)
                checks += 1
                for name, a, b in (("exit status", one[0], many[0]), ("stdout", one[1], many[1]),
                                   ("stderr", one[2], many[2])):
                    if a != b:
                        fail(f"{' '.join(args)} with IRIE_JOBS={jobs}: {name} differs from one thread's")
        for name in sorted(os.listdir(log_dir)):
            with open(os.path.join(log_dir, name), "rb") as f:
                report = f.read()
            if report.strip():
                fail(f"{WRAPPER[0]} reported ({name}):\n" + report[:20000].decode("utf-8", "replace"))
        if WRAPPER:
            print(f"parallel: {checks} comparisons under {WRAPPER[0]}, {failures} failed")
            return 1 if failures else 0
        # stdin part way into the file: read from there, left at the end.
        offset = len(data) // 3
        one = run(irie, ["to-uri"], path, 1, offset)
        many = run(irie, ["to-uri"], path, 2, offset)
        checks += 1
        if one[:3] != many[:3]:
            fail("to-uri from an offset: output differs from one thread's: " + first_difference(one[:3], many[:3]))
        if many[3] != len(data) or one[3] != len(data):
            fail(f"stdin left at {many[3]} (one thread: {one[3]}), not at the end, {len(data)}")
        # A line over the 16 MiB cap between ordinary ones: reported where
        # one thread reports it, and the lines after it go on.
        long_path = os.path.join(tmp, "long.txt")
        with open(long_path, "wb") as f:
            f.write(data[:CHUNK_BYTES * 2 + 999].rsplit(b"\n", 1)[0] + b"\n")
            f.write(b"http://example.com/" + b"x" * (16 * 1024 * 1024 + 10) + b"\n")
            f.write(data[:CHUNK_BYTES].rsplit(b"\n", 1)[0] + b"\n")
        for args in (["to-uri"], ["check"]):
            one = run(irie, args, long_path, 1, pipe=True)
            many = run(irie, args, long_path, 2)
            checks += 1
            if one[:3] != many[:3]:
                fail(f"{' '.join(args)} with a line over the cap: output differs from one thread's: "
                     + first_difference(one[:3], many[:3]))
            if b"longer than" not in one[1] + one[2]:
                fail(f"{' '.join(args)} with a line over the cap: not reported")
        # Memory stays flat with many threads on long lines: a few chunks in
        # flight, big buffers given back (not threads x the longest line).
        # Not under a sanitizer or a wrapper, whose memory is their own.
        time_bin = "/usr/bin/time"
        sanitized = b"__asan_init" in open(irie, "rb").read()
        if os.path.exists(time_bin) and not sanitized:
            lines_path = os.path.join(tmp, "long-lines.txt")
            with open(lines_path, "wb") as f:
                for _ in range(12):
                    f.write(b"http://example.com/" + b"y" * (12 * 1024 * 1024) + b"\n")
            env = dict(os.environ, IRIE_JOBS="16", LC_ALL="C.UTF-8")
            with open(lines_path, "rb") as f:
                r = subprocess.run([time_bin, "-f", "%M", irie, "to-uri"], stdin=f, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, env=env, timeout=600)
            peak_kib = int(r.stderr.split()[-1])
            checks += 1
            if peak_kib > 256 * 1024:
                fail(f"16 threads on 12-MiB lines: peak RSS {peak_kib} KiB, over 256 MiB")
        # stdout failing (ENOSPC on /dev/full; EPIPE on a pipe closed
        # after one line, SIGPIPE ignored as a shell may leave it): the run
        # stops reading (stdin not left at the end of a big input), says so
        # and exits 1.  Not timed: where stdin is left says it.
        big_path = os.path.join(tmp, "big.txt")
        with open(big_path, "wb") as f:
            while f.tell() < 24 * 1024 * 1024:
                f.write(data.rsplit(b"\n", 1)[0] + b"\n")
            big_n = f.tell()
        env = dict(os.environ, IRIE_JOBS="2", LC_ALL="C.UTF-8", LANGUAGE="")
        for how in ("/dev/full", "closed pipe"):
            with open(big_path, "rb") as f:
                if how == "/dev/full":
                    with open("/dev/full", "wb") as full:
                        r = subprocess.run([irie, "to-uri"], stdin=f, stdout=full, stderr=subprocess.PIPE,
                                           env=env, timeout=600)
                    code, err = r.returncode, r.stderr
                else:
                    p = subprocess.Popen([irie, "to-uri"], stdin=f, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, env=env, restore_signals=False)
                    p.stdout.readline()
                    p.stdout.close()
                    err = p.stderr.read()
                    code = p.wait(timeout=600)
                left_at = os.lseek(f.fileno(), 0, os.SEEK_CUR)
            checks += 1
            if code != 1 or b"irie: stdout" not in err:
                fail(f"to-uri into {how}: status {code}, stderr {err[:200]!r}")
            if left_at >= big_n:
                fail(f"to-uri into {how}: read all {big_n} bytes of its input after stdout failed")
        # A bad IRIE_JOBS is said, and the run goes on.
        code, out, err, _ = run(irie, ["check"], path, "lots")
        checks += 1
        if b"IRIE_JOBS" not in err or out != run(irie, ["check"], path, 1)[1]:
            fail("IRIE_JOBS=lots: no message, or different output")
    print(f"parallel: {checks} comparisons, {failures} failed ({len(data)} bytes of input)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
