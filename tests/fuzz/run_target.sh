#!/usr/bin/env bash
# Runs one libFuzzer target for SECONDS on a copy of its seed corpus (the
# seeds stay as committed).  Prints the executions; exits non-zero if the
# target crashed, hung, leaked or broke an invariant, and shows the input
# (hex) and where it was saved, to be added to tests/fuzz/regressions/.
#   run_target.sh TARGET_EXE SEED_CORPUS_DIR SECONDS
set -uo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 TARGET_EXE SEED_CORPUS_DIR SECONDS" >&2
  exit 2
fi
exe=$1 seeds=$2 secs=$3
name=$(basename "$exe")
work=$(mktemp -d "${TMPDIR:-/tmp}/irie-$name.XXXXXX") || exit 2
mkdir -p "$work/corpus" "$work/crashes"
if [ -d "$seeds" ]; then
  cp "$seeds"/* "$work/corpus"/ 2>/dev/null || true
fi
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1
rc=0
"$exe" "$work/corpus" -max_total_time="$secs" -rss_limit_mb=2048 -timeout=10 \
  -print_final_stats=1 -artifact_prefix="$work/crashes/" >"$work/log" 2>&1 || rc=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -n 1)
found=$(ls -A "$work/crashes")
if [ "$rc" -ne 0 ] || [ -n "$found" ]; then
  echo "$name: FAILED (exit $rc) after ${runs:-?} executions; log and inputs in $work"
  grep -m 5 -E 'INVARIANT VIOLATED|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error|Timeout' \
    "$work/log" | sed 's/^/  /'
  for f in $found; do
    printf '  %s: %s\n' "$work/crashes/$f" "$(od -An -tx1 -v "$work/crashes/$f" | tr -s ' \n' ' ' | cut -c1-200)"
  done
  exit 1
fi
echo "$name: ${runs:-?} executions in ${secs} s, no failure"
rm -rf "$work"
