#!/usr/bin/env bash
# otp-stdlib-check.sh HL — how many of OTP's own stdlib modules `hl check`
# accepts as written (needs the sources: apt-get install erlang-src). Each
# module is checked with every stdlib and kernel header handed over (.hrl
# arguments); prints the count accepted and the first error of each
# rejected module, counted by kind (names and numbers folded).
set -u
hl=${1:?usage: otp-stdlib-check.sh path/to/hl}
src=$(ls -d /usr/lib/erlang/lib/stdlib-*/src 2>/dev/null | head -1)
[ -n "$src" ] || { echo "no OTP stdlib sources (apt-get install erlang-src)" >&2; exit 1; }
hdrs=$(ls "$src"/*.hrl "$src"/../include/*.hrl /usr/lib/erlang/lib/kernel-*/include/*.hrl 2>/dev/null)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok=0 n=0
for f in "$src"/*.erl; do
  n=$((n + 1))
  # shellcheck disable=SC2086
  if timeout 60 "$hl" check "$f" $hdrs >/dev/null 2>"$tmp/err"; then
    ok=$((ok + 1))
  else
    grep -m1 'error:' "$tmp/err" | sed -E 's/^[^:]*:[0-9]+:[0-9]+: error: //' >>"$tmp/first"
  fi
done
echo "accepted: $ok of $n"
[ -f "$tmp/first" ] && sed -E "s/'[^']*'/'X'/g; s/[a-z_0-9]+:[a-z_0-9']+\/[0-9]+/M:F\/A/g; s/ [a-z_0-9]+\/[0-9]+/ F\/A/g" \
  "$tmp/first" | sort | uniq -c | sort -rn
exit 0
