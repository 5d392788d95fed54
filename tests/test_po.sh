#!/usr/bin/env bash
# Keeps the gettext catalogues honest.
#   test_po.sh PO_SOURCE_DIR PO_BUILD_DIR IRIE_EXE
# For every language in PO_SOURCE_DIR/LINGUAS:
#   1. msgfmt --check passes, with no untranslated and no fuzzy messages;
#   2. the .po is up to date with the sources: every message xgettext finds in
#      POTFILES (with meson's 'glib' preset keywords) has a translation (msgcmp);
#   3. the compiled catalogue (PO_BUILD_DIR/LANG/LC_MESSAGES/irie.mo, as meson
#      builds it) is what irie uses: 'irie --help' under LANGUAGE=LANG prints
#      exactly the catalogue's translation of the help text.
# Output is TAP-like; exit status 0 only if every check passed.
set -uo pipefail

if [ $# -ne 3 ]; then
	echo "usage: $0 PO_SOURCE_DIR PO_BUILD_DIR IRIE_EXE" >&2
	exit 2
fi
po_dir=$(cd "$1" && pwd) || exit 2
build_po_dir=$(cd "$2" && pwd) || exit 2
irie=$3
src_root=$(dirname "$po_dir")
domain=irie

for tool in msgfmt msgcmp xgettext msgexec; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "Bail out! $tool not found (gettext tools; see tools/setup)"
		exit 1
	fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/irie-test-po.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

failures=0
n=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); failures=$((failures + 1)); echo "not ok $n - $*"; }
# A file's lines as diagnostics, on stderr (meson shows it when the test fails).
diag() { sed 's/^/#   /' "$@" >&2; }

languages=()
while read -r line; do
	line=${line%%#*}
	for lang in $line; do
		languages+=("$lang")
	done
done <"$po_dir/LINGUAS"
if [ ${#languages[@]} -eq 0 ]; then
	echo "1..0 # SKIP no language in LINGUAS"
	exit 0
fi

# The template as the sources say today (the same keywords as meson's 'glib'
# preset; _() and N_() are the only ones app/i18n.h defines).
potfiles=()
while read -r f; do
	f=${f%%#*}
	f=${f//[[:space:]]/}
	[ -n "$f" ] && potfiles+=("$f")
done <"$po_dir/POTFILES"
if ! (cd "$src_root" && xgettext --keyword=_ --keyword=N_ --keyword=INK_N_ --from-code=UTF-8 --language=C \
	--package-name="$domain" --add-comments --output="$tmp/$domain.pot" "${potfiles[@]}") 2>"$tmp/xgettext.err"; then
	not_ok "xgettext on POTFILES"
	diag "$tmp/xgettext.err"
	echo "1..$n"
	exit 1
fi
ok "xgettext on POTFILES ($(grep -c '^msgid ' "$tmp/$domain.pot") entries, header included)"

# A locale that is not C/POSIX: with LC_ALL=C (or C.UTF-8) GNU gettext ignores
# LANGUAGE and never translates.  Use an installed UTF-8 one, else compile
# de_DE.UTF-8 into a private LOCPATH (localedef, libc-bin; sources from the
# 'locales' package).
pick_locale() {
	local l
	while read -r l; do
		case "$l" in
		C | C.* | POSIX) ;;
		*.utf8 | *.UTF-8) echo "$l"; return 0 ;;
		esac
	done < <(locale -a 2>/dev/null)
	return 1
}
run_locale=$(pick_locale)
locpath=()
if [ -z "$run_locale" ]; then
	if command -v localedef >/dev/null 2>&1 && [ -f /usr/share/i18n/locales/de_DE ]; then
		mkdir -p "$tmp/locale"
		localedef -c -i de_DE -f UTF-8 "$tmp/locale/de_DE.UTF-8" >"$tmp/localedef.log" 2>&1
		if [ -f "$tmp/locale/de_DE.UTF-8/LC_CTYPE" ]; then
			run_locale=de_DE.UTF-8
			locpath=(LOCPATH="$tmp/locale")
		fi
	fi
fi

for lang in "${languages[@]}"; do
	po="$po_dir/$lang.po"
	if [ ! -f "$po" ]; then
		not_ok "$lang: $lang.po exists"
		continue
	fi

	# 1. Well-formed, formats consistent, nothing untranslated or fuzzy.
	if msgfmt --check --statistics --output-file=/dev/null "$po" 2>"$tmp/msgfmt.err"; then
		stats=$(tail -n 1 "$tmp/msgfmt.err")
		if grep -Eq 'fuzzy|untranslated' <<<"$stats"; then
			not_ok "$lang: every message translated, none fuzzy ($stats)"
			msgattrib --only-fuzzy --no-obsolete "$po" >"$tmp/fuzzy" 2>/dev/null
			msgattrib --untranslated --no-obsolete "$po" >"$tmp/untranslated" 2>/dev/null
			grep -h '^msgid ' "$tmp/fuzzy" "$tmp/untranslated" | grep -v '^msgid ""$' >"$tmp/missing"
			diag "$tmp/missing"
		else
			ok "$lang: msgfmt --check ($stats)"
		fi
	else
		not_ok "$lang: msgfmt --check"
		diag "$tmp/msgfmt.err"
	fi

	# 2. Up to date with the sources: every msgid of the fresh template has a
	#    (non-fuzzy, non-empty) translation.  Run 'ninja -C build irie-pot' then
	#    'ninja -C build irie-update-po' and translate what is new or fuzzy.
	if msgcmp "$po" "$tmp/$domain.pot" >"$tmp/msgcmp.err" 2>&1; then
		ok "$lang: $lang.po covers every message in the sources (msgcmp)"
	else
		not_ok "$lang: $lang.po covers every message in the sources (msgcmp)"
		diag "$tmp/msgcmp.err"
		echo "#   fix: ninja -C BUILD irie-pot && ninja -C BUILD irie-update-po, then translate what is new or fuzzy in po/$lang.po" >&2
	fi

	# 3. The compiled catalogue is the one irie uses.
	mo="$build_po_dir/$lang/LC_MESSAGES/$domain.mo"
	if [ ! -f "$mo" ]; then
		not_ok "$lang: compiled catalogue $mo exists"
		continue
	fi
	if [ -z "$run_locale" ]; then
		not_ok "$lang: irie --help is translated (no non-C UTF-8 locale, and localedef/locales unavailable)"
		continue
	fi
	# The catalogue's own translation of irie --help (msgid starts "Usage: irie [--print";
	# each command's --help is a message of its own, starting "Usage: irie COMMAND").
	# shellcheck disable=SC2016  # $MSGEXEC_MSGID is for the inner sh
	msgexec -i "$po" sh -c 'case "$MSGEXEC_MSGID" in "Usage: irie [--print"*) cat ;; esac' >"$tmp/expected" 2>"$tmp/msgexec.err"
	env "${locpath[@]}" LC_ALL="$run_locale" LANGUAGE="$lang" IRIE_LOCALEDIR="$build_po_dir" \
		"$irie" --help >"$tmp/got" 2>"$tmp/irie.err"
	status=$?
	LC_ALL=C LANGUAGE='' IRIE_LOCALEDIR="$build_po_dir" "$irie" --help >"$tmp/english" 2>/dev/null
	if [ $status -ne 0 ]; then
		not_ok "$lang: irie --help exits 0 (status $status)"
		diag "$tmp/irie.err"
	elif [ ! -s "$tmp/expected" ]; then
		not_ok "$lang: $lang.po translates the --help text"
	elif cmp -s "$tmp/got" "$tmp/english"; then
		not_ok "$lang: irie --help is translated under LANGUAGE=$lang LC_ALL=$run_locale (got English)"
	elif ! cmp -s "$tmp/got" "$tmp/expected"; then
		not_ok "$lang: irie --help prints the catalogue's translation"
		diff "$tmp/expected" "$tmp/got" >"$tmp/diff"
		diag "$tmp/diff"
	else
		ok "$lang: irie --help is translated from $mo (LC_ALL=$run_locale${locpath:+, private LOCPATH})"
	fi
done

echo "1..$n"
[ $failures -eq 0 ]
