#!/usr/bin/env python3
"""Times irie and its peers on one corpus, in one run, and prints the table.

Usage: run_peers.py --build DIR --corpus FILE [--mix NAME] [--seed S] [--runs R] [--work DIR] [--irie BIN]

Each program reads the corpus on stdin (a file, warm in the page cache) and
writes to a file in --work.  Each runs R times (default 3), in turns with the
others; the table shows the best (lowest) wall time, the least CPU time (user +
sys), and the highest peak RSS of the R runs (os.wait4's ru_maxrss, KiB).
MB/s = input bytes / 10^6 / wall seconds.  "irie x" = the program's wall time
/ irie to-uri's: how many times faster irie to-uri is.  to-uri-like peers'
outputs are compared with irie to-uri's (RFC 3987 3.1) line by line.  irie
to-iri reads irie to-uri's output (made once, untimed).  Then irie's peak RSS
on 1x and 4x the corpus (flatness).
Then startup: irie to-uri with one argument against the ICU baseline on an
empty stdin, STARTUP_RUNS times each, taking turns so that both see the same
machine (best wall time, median CPU time: a start's CPU time is a few ticks
of the kernel's clock, too coarse for its least to mean much).  The targets
(doc/design-notes.md) are printed met or NOT met, with the processor named.
Needs BUILD/tests/bench/bench_run (see there why).  stdlib only.
"""
import argparse
import hashlib
import os
import platform
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RFC3986_SPLIT = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$", re.S)
COMPONENTS = ("scheme", "authority", "path", "query", "fragment")
HEX_ESCAPE = re.compile(r"%[0-9a-fA-F]{2}")

# What each to-uri-like peer computes, and where it departs from RFC 3987 3.1.
WHAT = {
    "ICU uidna baseline": "hand split of scheme/authority/host/port; non-ASCII hosts through "
    "uidna_nameToASCII_UTF8 (UTS #46 nontransitional, CheckBidi, CheckJoiners, STD3), every other "
    "non-ASCII byte %HH; no caching, no validation; leaves space, '<', '{', ... as they are (irie "
    "escapes them: RFC 3987 3.1 allows both).",
    "Python quote": "urllib.parse.quote(line, safe=\":/?#[]@!$&'()*+,;=%\"): non-ASCII as UTF-8 %HH "
    "everywhere, hosts too (no IDNA: %-escaped UTF-8 host, the 2002 idn-uri draft's form); also "
    "escapes space, '\"', '<', '>', '\\\\', '^', '`', '{', '|', '}' (as irie does: RFC 3987 3.1 "
    "allows it); no parsing or validation.",
    "GLib g_uri_escape_string": "g_uri_escape_string(line, \":/?#[]@!$&'()*+,;=%\", FALSE): the "
    "same mapping as quote (non-ASCII %HH, hosts %-escaped UTF-8, no IDNA, also escapes space and "
    "the other unwise ASCII, as irie does); no parsing or validation.",
    "libcurl URL API": "curl_url_set(CURLUPART_URL, CURLU_URLENCODE|CURLU_NON_SUPPORT_SCHEME) + "
    "curl_url_get(CURLU_PUNYCODE): parses (rejects relative references and hosts it dislikes), "
    "lower-cases scheme, hosts to punycode via libidn2, writes new escapes in lower-case hex "
    "(RFC 3986 prefers upper), leaves a non-ASCII fragment raw (not a URI), adds '/' to an empty path.",
    "uriparser": "non-ASCII bytes %HH (the peer's own loop: uriparser takes only ASCII), then "
    "uriParseSingleUriExA validates (RFC 3986) and uriToStringA writes it back: hosts stay %-escaped "
    "UTF-8 (no IDNA), IPv6 literals come back expanded.",
    "Node WHATWG URL": "new URL(line).href (URL Standard, not RFC 3986/3987): lower-cases scheme and "
    "host, UTS #46 ToASCII hosts, drops default ports, removes dot segments, adds '/' to an empty "
    "special path, %-encodes per component sets (space, '\"', '<', '>', '`' too; \"'\" in special "
    "queries), rejects relative references.",
}


def read_version(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=30).stdout.strip()
    except OSError as err:
        return f"unavailable ({err.strerror})"


def machine():
    model = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo", encoding="utf-8"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    system = platform.system() + " " + platform.release()
    try:
        for line in open("/etc/os-release", encoding="utf-8"):
            if line.startswith("PRETTY_NAME="):
                system = line.split("=", 1)[1].strip().strip('"') + ", " + system
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, {system}"


def run_once(launcher, cmd, stdin_path, stdout_path, err_path):
    """Returns (wall seconds, cpu seconds, peak RSS KiB, exit status, stderr text).

    The program runs under bench_run, which times it and reads its rusage: a
    direct child of this (large) Python process would inherit its peak RSS."""
    report_path = err_path + ".report"
    with open(stdin_path, "rb") as src, open(stdout_path, "wb") as dst, open(err_path, "wb") as err:
        subprocess.run([launcher, report_path] + cmd, stdin=src, stdout=dst, stderr=err, check=True)
    with open(report_path, encoding="ascii") as report:
        wall, cpu, rss, code = report.read().split()
    os.remove(report_path)
    with open(err_path, "r", encoding="utf-8", errors="replace") as err:
        err_text = err.read()
    return float(wall), float(cpu), int(rss), int(code), err_text


def program_path(cmd):
    """The program of a bench_run command, past its NAME=VALUE settings."""
    return next((a for a in cmd if not re.match(r"[^/=]+=", a)), "")


def summarise(results):
    """Runs of one program (run_once's tuples): the best wall time, the least
    CPU time, the highest peak RSS, and the best run's status and stderr."""
    best = min(results, key=lambda r: r[0])
    return {"wall": best[0], "cpu": min(r[1] for r in results), "rss": max(r[2] for r in results),
            "code": best[3], "stderr": best[4]}


def measure(launcher, cmd, stdin_path, stdout_path, runs, err_path=None):
    return summarise([run_once(launcher, cmd, stdin_path, stdout_path, err_path or stdout_path + ".err")
                      for _ in range(runs)])


def read_lines(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", errors="surrogateescape").split("\n")[:-1]


def differences(inputs, reference, output):
    """Line-by-line comparison of a peer's output with irie to-uri's."""
    result = {"identical": 0, "rejected": 0, "hex_case_only": 0,
              "component": {c: 0 for c in COMPONENTS}, "example": None, "lines": len(reference)}
    if len(output) != len(reference):
        result["mismatch"] = f"{len(output)} output lines for {len(reference)} inputs"
        return result
    example_by_component = {}
    for text, ref, got in zip(inputs, reference, output):
        if got == ref:
            result["identical"] += 1
            continue
        if got == "":
            result["rejected"] += 1
            example_by_component.setdefault("rejected", (text, ref, got))
            continue
        hex_case_only = HEX_ESCAPE.sub(lambda m: m.group(0).upper(), got) == ref
        result["hex_case_only"] += hex_case_only
        a, b = RFC3986_SPLIT.match(ref), RFC3986_SPLIT.match(got)
        for i, name in zip((2, 4, 5, 7, 9), COMPONENTS):
            if a.group(i) != b.group(i):
                result["component"][name] += 1
                # Examples: a difference beyond hex case where there is one.
                if not hex_case_only or name + " (hex case)" not in example_by_component:
                    key = name + (" (hex case)" if hex_case_only else "")
                    example_by_component.setdefault(key, (text, ref, got))
    # The example shows the component that differs most often.
    ranked = sorted(result["component"].items(), key=lambda kv: -kv[1])
    for key in [n for n, c in ranked if c] + [n + " (hex case)" for n, c in ranked if c]:
        if key in example_by_component:
            result["example"] = (key,) + example_by_component[key]
            break
    if result["example"] is None and "rejected" in example_by_component:
        result["example"] = ("rejected",) + example_by_component["rejected"]
    return result


def errors_reported(row):
    """Lines the program rejected or flagged as errors."""
    match = re.search(r"^errors (\d+)$", row["stderr"], re.M)
    if match:
        return int(match.group(1))
    # irie: one "LINE:COL: error:" message (or more) per bad line on stderr.
    return len(set(re.findall(r"^(\d+):\d+: error:", row["stderr"], re.M)))


def pct(n, total):
    """A share that shows 100% and 0% only when exact."""
    if not total:
        return "-"
    share = 100.0 * n / total
    if 0 < n < total and (share >= 99.95 or share < 0.05):
        return f"{share:.3f}%"
    return f"{share:.1f}%"


STARTUP_RUNS = 100
MEMORY_RUNS = 3


def cpu_model():
    try:
        for line in open("/proc/cpuinfo", encoding="utf-8"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "an unknown CPU"


def startup(launcher, irie, peer_icu, work, target):
    """irie to-uri on one argument against the ICU baseline on an empty stdin."""
    out = os.path.join(work, "startup.out")
    print(f"\nstartup: {STARTUP_RUNS} runs each, in turns, best wall time, median CPU time")
    progs = (("irie to-uri http://a/", [irie, "to-uri", "http://a/"]),
             ("ICU baseline, empty input", [peer_icu]))
    for label, cmd in progs:
        if not os.path.exists(cmd[0]):
            print(f"  {label}: not built")
            return
    # In turns: a machine whose speed drifts (a VM's neighbours, the clock)
    # gives both programs the same share of slow and fast moments.
    walls = {label: [] for label, _ in progs}
    cpus = {label: [] for label, _ in progs}
    for _ in range(STARTUP_RUNS):
        for label, cmd in progs:
            wall, cpu, _, _, _ = run_once(launcher, cmd, os.devnull, out, out + ".err")
            walls[label].append(wall)
            cpus[label].append(cpu)
    got = {}
    for label, _ in progs:
        c = sorted(cpus[label])
        got[label] = (min(walls[label]), c[len(c) // 2])
        print(f"  {label:<28} wall {got[label][0] * 1e3:6.2f} ms   cpu {got[label][1] * 1e3:6.2f} ms")
    (iw, ic), (pw, pc) = got.values()
    r = iw / pw
    target("startup at most 1.5x the minimal ICU program's", r <= 1.5,
           f"{r:.2f}x by wall time (by CPU time {ic / pc:.2f}x; CPU times under 1 ms are coarse)")


def memory(launcher, irie, corpus, work):
    """irie's peak RSS on 1x and 4x the corpus; True when flat."""
    print(f"\nmemory: irie peak RSS on 1x and 4x the corpus, highest of {MEMORY_RUNS} runs each (must be flat)")
    corpus4 = os.path.join(work, "corpus-4x.txt")
    with open(corpus, "rb") as src:
        data = src.read()
    with open(corpus4, "wb") as dst:
        for _ in range(4):
            dst.write(data)
    all_flat = True
    for label, sub in (("to-uri", "to-uri"), ("to-iri", "to-iri"), ("check", "check")):
        err_path = os.path.join(work, "memory.err")
        # The highest peak of MEMORY_RUNS each: on threads, how many chunks
        # are in flight at once differs from run to run (about a MiB here),
        # while a growth with the input would show in every run.
        one = measure(launcher, [irie, sub], corpus, os.devnull, MEMORY_RUNS, err_path)["rss"]
        four = measure(launcher, [irie, sub], corpus4, os.devnull, MEMORY_RUNS, err_path)["rss"]
        flat = four <= one * 1.10 + 512
        all_flat &= flat
        print(f"  irie {label:<7} 1x {one:>7} KiB   4x {four:>7} KiB   "
              f"{'flat' if flat else 'GROWS'} ({four / one:.2f}x)")
    os.remove(corpus4)
    return all_flat


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", required=True, help="meson build dir with -Dbench_peers=true")
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--seed", default="?")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", help="where outputs go (default BUILD/bench)")
    parser.add_argument("--irie", help="the irie binary (default BUILD/app/irie)")
    parser.add_argument("--mix", default="mixed", help="the corpus mix's name, for the report")
    args = parser.parse_args()
    work = args.work or os.path.join(args.build, "bench")
    os.makedirs(work, exist_ok=True)
    irie = os.path.abspath(args.irie or os.path.join(args.build, "app", "irie"))
    peer = lambda name: os.path.join(args.build, "tests", "bench", name)
    node = subprocess.run(["sh", "-c", "command -v node || command -v nodejs"],
                          capture_output=True, text=True).stdout.strip()

    corpus = args.corpus
    corpus_bytes = os.path.getsize(corpus)
    inputs = read_lines(corpus)
    non_ascii = sum(1 for line in inputs if any(ord(c) > 127 for c in line))

    # The to-iri input: irie to-uri's output, made once outside the timing.
    uris = os.path.join(work, "corpus-uris.txt")
    launcher = peer("bench_run")
    run_once(launcher, [irie, "to-uri"], corpus, uris, uris + ".err")

    programs = [  # label, command, input, to-uri-like
        ("irie to-uri", [irie, "to-uri"], corpus, False),
        # A file on stdin runs on every core (app/parallel.c); one thread too:
        # (bench_run sets the variable itself: through env(1), env's start
        # would be timed as irie's.)
        ("irie to-uri, 1 thread", ["IRIE_JOBS=1", irie, "to-uri"], corpus, False),
        ("irie to-iri", [irie, "to-iri"], uris, False),
        ("irie check", [irie, "check"], corpus, False),
        ("ICU uidna baseline", [peer("peer_icu")], corpus, True),
        ("Python quote", [sys.executable, os.path.join(HERE, "peer_quote.py")], corpus, True),
        ("GLib g_uri_escape_string", [peer("peer_glib")], corpus, True),
        ("libcurl URL API", [peer("peer_curl")], corpus, True),
        ("uriparser", [peer("peer_uriparser")], corpus, True),
        ("Node WHATWG URL", [node, os.path.join(HERE, "peer_url.js")] if node else [], corpus, True),
        ("cat (floor)", [shutil.which("cat") or "/bin/cat"], corpus, False),
    ]
    versions = [("irie", [irie, "--version"]), ("ICU", [peer("peer_icu"), "--version"]),
                ("GLib", [peer("peer_glib"), "--version"]), ("libcurl", [peer("peer_curl"), "--version"]),
                ("uriparser", [peer("peer_uriparser"), "--version"]),
                ("Python", [sys.executable, os.path.join(HERE, "peer_quote.py"), "--version"]),
                ("Node", [node, os.path.join(HERE, "peer_url.js"), "--version"] if node else [])]

    print(f"machine: {machine()}")
    load = os.getloadavg()
    print("load average at start: {:.2f} {:.2f} {:.2f}".format(*load) +
          ("  (busy: other work shares the CPU, wall times are noisy; compare cpu s)"
           if load[0] > 0.5 * (os.cpu_count() or 1) else ""))
    print("versions: " + "; ".join(
        read_version(cmd) if cmd and os.path.exists(cmd[0]) else f"{name} not installed"
        for name, cmd in versions))
    with open(corpus, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()[:16]
    print(f"corpus: mix {args.mix}, {len(inputs)} lines, {corpus_bytes} bytes, seed {args.seed}, sha256 {digest}..., "
          f"{pct(non_ascii, len(inputs))} of lines non-ASCII ({corpus})")
    print(f"runs: {args.runs} each, in turns; best wall time, least CPU time; RSS = highest peak of the runs\n")

    missing = [label for label, cmd, _, _ in programs if not cmd or not os.path.exists(program_path(cmd))]
    present = [(label, cmd, stdin_path,
                os.path.join(work, re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-") + ".out"))
               for label, cmd, stdin_path, _ in programs if label not in missing]
    # In turns, every program once a round: a machine whose speed drifts (a
    # VM's neighbours, the clock) gives each the same share of slow moments.
    results = {label: [] for label, _, _, _ in present}
    for _ in range(args.runs):
        for label, cmd, stdin_path, out_path in present:
            results[label].append(run_once(launcher, cmd, stdin_path, out_path, out_path + ".err"))
    rows = {}
    for label, _, stdin_path, out_path in present:
        rows[label] = dict(summarise(results[label]), out=out_path, bytes=os.path.getsize(stdin_path))

    base = rows["irie to-uri"]
    reference = read_lines(base["out"])
    header = (f"{'program':<26} {'MB/s':>8} {'lines/s':>11} {'wall s':>8} {'cpu s':>7} "
              f"{'RSS KiB':>8} {'irie x':>7} {'errors':>7} {'same as irie':>12}")
    print(header)
    print("-" * len(header))
    diffs = {}
    for label, _, _, uri_like in programs:
        if label not in rows:
            continue
        row = rows[label]
        mbs = row["bytes"] / 1e6 / row["wall"]
        lines_s = len(inputs) / row["wall"]
        ratio = row["wall"] / base["wall"]
        same = "-"
        if uri_like:
            diffs[label] = differences(inputs, reference, read_lines(row["out"]))
            d = diffs[label]
            same = d.get("mismatch") and "n/a" or pct(d["identical"], d["lines"])
        if label == "irie check":
            errors = f"{sum(1 for _ in open(row['out'], 'rb'))}f"   # finding lines on stdout
        elif label.startswith("cat"):
            errors = "-"
        else:
            errors = str(errors_reported(row))
        print(f"{label:<26} {mbs:>8.1f} {lines_s:>11,.0f} {row['wall']:>8.3f} {row['cpu']:>7.3f} "
              f"{row['rss']:>8} {ratio:>7.2f} {errors:>7} {same:>12}")
    for label in missing:
        print(f"{label:<26} not installed (tools/setup --peers, then -Dbench_peers=true)")
    print("\nirie x: peer wall time / irie to-uri wall time (above 1: irie is faster).  errors: "
          "lines rejected (peers, irie's 'error:' lines); for check, the number of finding lines (f).")

    print(f"\ntargets (doc/design-notes.md, The contract) on {cpu_model()}, mix {args.mix}:")
    def target(text, ok, detail):
        print(f"  [{'met' if ok else 'NOT met'}] {text}: {detail}")
    one = rows.get("irie to-uri, 1 thread")
    if "ICU uidna baseline" in rows:
        icu = rows["ICU uidna baseline"]
        r = icu["wall"] / base["wall"]
        target("to-uri at least 2x the ICU baseline", r >= 2.0,
               f"{r:.2f}x (by CPU time {icu['cpu'] / base['cpu']:.2f}x)")
        if one:
            r_one = icu["cpu"] / one["cpu"]
            target("to-uri on one thread at least 1.5x the ICU baseline by CPU time", r_one >= 1.5,
                   f"{r_one:.2f}x ({one['cpu']:.3f} s against {icu['cpu']:.3f} s; wall {icu['wall'] / one['wall']:.2f}x)")
    if "Python quote" in rows:
        r = rows["Python quote"]["wall"] / base["wall"]
        target("to-uri over 10x Python's quote", r >= 10.0, f"{r:.2f}x")
    for label, need in (("irie to-iri", 300.0), ("irie check", 250.0)):
        row = rows[label]
        mbs = row["bytes"] / 1e6 / row["wall"]
        target(f"{label[5:]} at least {need:.0f} MB/s", mbs >= need,
               f"{mbs:.1f} MB/s (by CPU time {row['bytes'] / 1e6 / row['cpu']:.1f} MB/s)")
    startup(launcher, irie, peer("peer_icu"), work, target)
    flat = memory(launcher, irie, corpus, work)
    target("memory flat (peak RSS on 4x the corpus within 1.1x + 512 KiB)", flat, "see memory above")

    print("\nwhat each peer computes, and an example where it differs from irie to-uri (RFC 3987 3.1):")
    for label, d in diffs.items():
        print(f"* {label}: {WHAT[label]}")
        if d.get("mismatch"):
            print(f"    output not comparable: {d['mismatch']}")
            continue
        different = d["lines"] - d["identical"]
        parts = [f"{name} {pct(n, d['lines'])}" for name, n in d["component"].items() if n]
        if d["rejected"]:
            parts.insert(0, f"rejected {pct(d['rejected'], d['lines'])}")
        if d["hex_case_only"]:
            parts.append(f"only hex case {pct(d['hex_case_only'], d['lines'])}")
        print(f"    differs on {different} lines ({pct(different, d['lines'])})" +
              (": " + ", ".join(parts) if parts else ""))
        if d["example"]:
            name, text, ref, got = d["example"]
            print(f"    e.g. ({name}) input: {text}\n"
                  f"           irie:  {ref}\n"
                  f"           peer:  {got if got else '(rejected)'}")

    print("load average at end: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
