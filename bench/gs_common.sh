# bench/gs_common.sh — what bench/behaviours.sh and bench/gsbench.sh share,
# sourced with HL set: a temporary folder holding bench/kernels/gsbench.erl
# (compiled there for erl), `cpu CMD...` ("user+sys user" CPU seconds of a
# command), `hl ARGS...` (that of `hl run` of the kernels with the grants
# and limits they need), ERL (erl on one scheduler without busy waiting,
# run in the folder) and `hl_mem` / `beam_mem` KERNEL (its
# process_info(P, memory) on each side: deterministic, one run).
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$here/kernels/gsbench.erl" "$tmp/" && (cd "$tmp" && erlc gsbench.erl)
cpu() { /usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.3f %.3f\n", $1 + $2, $1}'; }
hl() { cpu "$HL" run --grant processes --grant clocks --max-reductions 100000000000 \
         --max-output-bytes 1000000000 --timeout-ms 600000 "$tmp/gsbench.erl" "$@"; }
ERL=(erl -noshell +S 1 +sbwt none +sbwtdcpu none +sbwtdio none -pa .)
hl_mem() { "$HL" run --grant processes --grant clocks "$tmp/gsbench.erl" "$1" 1000; }
beam_mem() { (cd "$tmp" && erl -noshell -pa . -eval "io:format(\"~p\", [gsbench:$1(1000)]), halt()."); }
