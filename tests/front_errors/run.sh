#!/usr/bin/env bash
# run.sh HL SOURCE_DIR — `hl check` on every tests/front_errors/*.erl.
# Files named ok_*.erl must be accepted (exit 0, nothing on stderr); every
# other file must be rejected with exit 2 and exactly the diagnostics in
# FILE.expected (FILE:LINE:COL: error: MESSAGE lines, FILE as given on the
# command line: the checks run inside this directory with relative paths).
# Regenerate an expectation (after checking it by hand against erl_parse):
#   (cd tests/front_errors && hl check X.erl 2> X.expected)
set -u
hl=$1
dir="$2/tests/front_errors"
cd "$dir" || exit 1
fail=0
n=0
for f in *.erl; do
  n=$((n + 1))
  err=$("$hl" check "$f" 2>&1 >/dev/null)
  rc=$?
  case "$f" in
    ok_*)
      if [ $rc -ne 0 ] || [ -n "$err" ]; then
        echo "FAIL $f: expected acceptance, got exit $rc:"; echo "$err"; fail=1
      fi ;;
    *)
      want=$(cat "${f%.erl}.expected")
      if [ $rc -ne 2 ] || [ "$err" != "$want" ]; then
        echo "FAIL $f: exit $rc"; diff <(echo "$want") <(echo "$err"); fail=1
      fi ;;
  esac
done
echo "front_errors: $n files checked"
exit $fail
