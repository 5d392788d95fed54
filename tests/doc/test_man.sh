#!/usr/bin/env bash
# doc/irie.1 renders without a single warning, as man-db shows it to a reader
# and through groff -ww, fits 80 columns, and has the sections issue 7 asks for.
# usage: test_man.sh MAN_PAGE      (TAP output)
set -u
page=$1
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }
diag() { sed 's/^/# /' "$1"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings=all -l "$page" >"$tmp/man.txt" 2>"$tmp/man.err"
status=$?
if [ $status -eq 0 ] && [ ! -s "$tmp/man.err" ] && [ -s "$tmp/man.txt" ]; then
	ok "man --warnings=all -l renders it with no warnings"
else
	not_ok "man --warnings=all -l renders it with no warnings (status $status)"
	diag "$tmp/man.err"
fi

groff -man -ww -z "$page" 2>"$tmp/groff.err"
status=$?
if [ $status -eq 0 ] && [ ! -s "$tmp/groff.err" ]; then
	ok "groff -man -ww -z: no warnings"
else
	not_ok "groff -man -ww -z: no warnings (status $status)"
	diag "$tmp/groff.err"
fi

# Display columns, not bytes (wc -L counts wide characters as two).
width=$(LC_ALL=C.UTF-8 wc -L <"$tmp/man.txt")
if [ "$width" -le 80 ]; then
	ok "every rendered line fits 80 columns (widest: $width)"
else
	not_ok "every rendered line fits 80 columns (widest: $width)"
	LC_ALL=C.UTF-8 awk 'length($0) > 80' "$tmp/man.txt" >"$tmp/long"
	diag "$tmp/long"
fi

for section in NAME SYNOPSIS DESCRIPTION "THE EDITOR" VIEW COMMANDS OPTIONS "JSON OUTPUT" \
	DIAGNOSTICS "EXIT STATUS" ENVIRONMENT FILES STANDARDS BUGS EXAMPLES; do
	if grep -qx "$section" "$tmp/man.txt"; then
		ok "section $section"
	else
		not_ok "section $section"
	fi
done

# The viewer's list marks (app/pane_list.c): each is explained under VIEW.
sed -n '/^VIEW$/,/^COMMANDS$/p' "$tmp/man.txt" | tr '\n' ' ' | tr -s ' ' >"$tmp/view.txt"
for mark in '! for a warning' 'i for notes only' '* for a line replaced' '+ for one written back'; do
	if grep -qF -- "$mark" "$tmp/view.txt"; then
		ok "VIEW explains the list mark: $mark"
	else
		not_ok "VIEW explains the list mark: $mark"
	fi
done

echo "1..$n"
[ $failed -eq 0 ]
