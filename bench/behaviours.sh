#!/usr/bin/env bash
# bench/behaviours.sh HL [ROUNDS] — the behaviours' rows of bench/README.md
# ("Behaviours"), each beside BEAM measured in the same run, interleaved:
#   call      gen_server:call round trip between two processes
#   start     gen_server:start/3, the server left alive (init returns {ok, S})
#   restart   a one_for_one supervisor restarting a killed child
#   idle      process_info(P, memory) of a server waiting after a call
#   hibernated  the same after {reply, R, S, hibernate}
# Times are CPU time of the whole OS process, user + system (page faults
# are a large part of a start on both systems), of the kernel run N times
# less the same command run with N = 0, per operation; the median of ROUNDS
# (default 3). The user-only figure is printed beside it. BEAM runs as
# `erl +S 1` without busy waiting and with the logger silenced; Hyperlang
# as `hl run --grant processes`. bench/kernels/gsbench.erl holds the
# kernels. Memory is deterministic: one run each. The machine this was
# written on is shared, so both sides are noisy; the ratio is what counts.
set -eu
HL=${1:?path to hl}
ROUNDS=${2:-3}
. "$(dirname "$0")/gs_common.sh"
beam() { (cd "$tmp" && cpu "${ERL[@]}" -eval "logger:set_primary_config(level, none), gsbench:$1($2), halt().") ; }
# per-op microseconds of (with - without) over n, for field f (1: user+sys, 2: user)
us() { echo "$1 $2" | awk -v n="$3" -v f="$4" '{split($0, a, " "); printf "%.2f", (a[f] - a[f + 2]) * 1e6 / n}'; }
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
printf '%-10s %18s %18s %7s   %s\n' kernel "hl us (user)" "beam us (user)" ratio "(median of $ROUNDS, CPU per operation)"
for k in "calls 300000" "starts 50000" "restarts 10000"; do
  set -- $k
  hs="" hu="" bs="" bu=""
  for _ in $(seq "$ROUNDS"); do
    h1=$(hl "$1" "$2"); h0=$(hl "$1" 0); b1=$(beam "$1" "$2"); b0=$(beam "$1" 0)
    hs="$hs $(us "$h1" "$h0" "$2" 1)" hu="$hu $(us "$h1" "$h0" "$2" 2)"
    bs="$bs $(us "$b1" "$b0" "$2" 1)" bu="$bu $(us "$b1" "$b0" "$2" 2)"
  done
  h=$(echo "$hs" | median) b=$(echo "$bs" | median)
  printf '%-10s %8s (%7s) %8s (%7s) %6.2fx\n' "$1" "$h" "$(echo "$hu" | median)" "$b" "$(echo "$bu" | median)" \
    "$(echo "$h $b" | awk '{print ($2 > 0 ? $1 / $2 : 0)}')"
done
for k in idle idle_hib; do
  h=$(hl_mem $k) b=$(beam_mem $k)
  printf '%-10s %8s B         %8s B         %6.2fx   process_info(P, memory)\n' "$k" "$h" "$b" \
    "$(echo "$h $b" | awk '{print $1 / $2}')"
done
