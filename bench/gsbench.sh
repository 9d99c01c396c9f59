#!/usr/bin/env bash
# bench/gsbench.sh HL — the behaviours' costs against BEAM in one session
# (docs/behaviours.md §8): CPU time of bench/kernels/gsbench.erl's kernels,
# `hl run` (the run's CPU less that of an empty run) and erl (+S 1, no busy
# wait; statistics(runtime) around the kernel). CPU, not wall time: the
# machine this was written on is shared and loaded. Not a bench/run.sh row.
set -eu
HL=${1:?path to hl}
. "$(dirname "$0")/gs_common.sh"
beam() { (cd "$tmp" && "${ERL[@]}" -eval "logger:set_primary_config(level, none), statistics(runtime), gsbench:$1($2), \
  {_, T} = statistics(runtime), io:format(\"~.2f\", [T * 1000 / $2]), halt().") ; }
base=$(hl calls 0 | cut -d' ' -f1)
for k in "calls 500000" "start_stop 50000" "starts 40000" "restarts 4000"; do
  set -- $k
  t=$(hl "$1" "$2" | cut -d' ' -f1)
  printf '%-11s hl %6.2f us   beam %s us\n' "$1" "$(echo "($t - $base) * 1000000 / $2" | bc -l)" "$(beam "$1" "$2")"
done
echo "idle server bytes (process_info memory): hl $(hl_mem idle) beam $(beam_mem idle)"
