#!/bin/sh
# Two editors open at once, each on its own pseudo-terminal driven by its own
# vtdrive, sharing one XDG_STATE_HOME: A (history_two_a.vt) opens and reads
# the empty history; then B (history_two_b.vt) opens, takes a hostile IRI and
# saves; then A takes another and saves.  A never saw B's entry, yet the file
# must keep both, B's escaped.  The steps meet at two FIFOs (vtdrive's
# save-raw opens one for writing, which waits for a reader), so nothing
# sleeps.  Arguments: VTDRIVE IRIE A-SCRIPT B-SCRIPT.  Exit status 0 when both
# scripts pass.
abs() { (cd "$(dirname "$1")" && printf '%s/%s' "$(pwd)" "$(basename "$1")"); }
vtdrive=$(abs "$1") irie=$(abs "$2") a_script=$(abs "$3") b_script=$(abs "$4")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/irie-history-two-XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" && mkfifo loaded saved && mkdir state || exit 1
vt() { "$vtdrive" --rows 24 --cols 80 --env XDG_STATE_HOME="$tmp/state" "$@"; }
# A: after its IRI, the file on stdout (checked exactly) and on the terminal
# (checked for raw controls).
vt "$a_script" -- sh -c '"$0" "" || exit; f=$XDG_STATE_HOME/irie/history
	cat "$f" && cat "$f" > /dev/tty' "$irie" &
a=$!
# B: starts once A has read the history (A writes "loaded"); once B has
# saved, reading "saved" lets A go on.
vt "$b_script" -- sh -c 'cat loaded > /dev/null; "$0" ""; st=$?
	cat saved > /dev/null; exit $st' "$irie"
b=$?
# If B failed before reading a FIFO, A would wait on it for ever: a reader
# that opens without waiting releases it.
[ "$b" = 0 ] || exec 3<>loaded 4<>saved
wait "$a"
a=$?
echo "history_two: editor A's script: status $a, editor B's: $b"
[ "$a" = 0 ] && [ "$b" = 0 ]
