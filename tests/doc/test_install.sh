#!/usr/bin/env bash
# meson install puts the program, the man page, both completions and every
# catalogue of po/LINGUAS in place: installs the build (without rebuilding)
# into a temporary DESTDIR and looks there.
# usage: test_install.sh MESON BUILD_DIR LINGUAS_FILE SOURCE_DOC_DIR   (TAP output)
set -u
meson=$1 builddir=$2 linguas=$3 docdir=$4
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if "$meson" install -C "$builddir" --destdir "$tmp/root" --no-rebuild >"$tmp/log" 2>&1; then
	ok "meson install --destdir --no-rebuild"
else
	not_ok "meson install --destdir --no-rebuild"
	sed 's/^/# /' "$tmp/log"
fi

# The one installed file whose path ends in $1 (under any prefix).
installed() {
	find "$tmp/root" -path "*/$1" \( -type f -o -type l \) | head -n 1
}
expect() {   # suffix, description[, source file it must equal]
	local f
	f=$(installed "$1")
	if [ -z "$f" ]; then
		not_ok "$2: */$1 installed"
	elif [ -n "${3:-}" ] && ! cmp -s "$f" "$3"; then
		not_ok "$2: ${f#"$tmp/root"} is a copy of $3"
	else
		ok "$2: ${f#"$tmp/root"}"
	fi
}

expect bin/irie "the program"
expect share/man/man1/irie.1 "the man page" "$docdir/irie.1"
expect share/bash-completion/completions/irie "the bash completion" "$docdir/completion/irie.bash"
expect share/zsh/vendor-completions/_irie "the zsh completion" "$docdir/completion/_irie"
while read -r lang; do
	case "$lang" in '' | '#'*) continue ;; esac
	expect "share/locale/$lang/LC_MESSAGES/irie.mo" "the $lang catalogue"
done <"$linguas"

exe=$(installed bin/irie)
if [ -n "$exe" ] && [ -x "$exe" ] && "$exe" --version | grep -q '^irie '; then
	ok "the installed program runs (--version)"
else
	not_ok "the installed program runs (--version)"
fi

echo "1..$n"
[ $failed -eq 0 ]
