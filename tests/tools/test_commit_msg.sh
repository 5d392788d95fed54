#!/usr/bin/env bash
# tools/commit-msg on a table of messages: which pass, which are refused.
set -u
hook=$1
passed=0 failed=0
check() {  # $1 = want (ok|refused), $2 = message
  local f rc
  f=$(mktemp)
  printf '%b' "$2" > "$f"
  "$hook" "$f" 2>/dev/null; rc=$?
  rm -f "$f"
  if { [ "$1" = ok ] && [ $rc -eq 0 ]; } || { [ "$1" = refused ] && [ $rc -ne 0 ]; }; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); echo "FAIL: want $1: $2"
  fi
}
check ok 'core: remove dot segments in rootless paths\n\nRFC 3986 6.2.2.3 asks for it.\n'
check ok 'app, core: one table of commands\n\nBecause.\n'
check ok 'Merge branch '"'"'x'"'"'\n'
check ok 'doc: x\n\n# a comment git strips\nwhy it is done\n'
check refused 'core: remove dot segments in rootless paths, and in every other path too, at last\n\nWhy.\n'
check refused 'remove dot segments\n\nWhy.\n'
check refused 'core: fix\n'
check refused 'core: fix\nwhy, on the second line\n'
check refused 'core: fix\n\n\n'
echo "commit-msg: $passed passed, $failed failed"
[ $failed -eq 0 ]
