#!/usr/bin/env bash
# tests/conformance/run_gc_always.sh — the whole conformance corpus (run.sh)
# with a collection at every allocation (HL_TEST_GC_ALWAYS=1), so every
# program's live data moves at every step and a missed root or a stale
# pointer shows up as a wrong result or a sanitizer report. Registered in
# ctest only for builds with HL_TEST_HOOKS (sanitizer builds by default):
# other builds ignore the variable.
# Usage: bash run_gc_always.sh <path-to-hl> <source-dir>
# (ctest runs it in shards: HL_CONFORMANCE_SHARD, see run.sh)
set -u
# Programs whose deep stacks or large live data make that quadratic run for
# 10 s and may stop at the deadline (see run.sh): the collections they do
# make in that time are still checked by the sanitizers.
# The stdlib's big-input program and limit probes (100k-element lists,
# multi-megabyte heaps) are of that kind too.
std_slow="std_lists_big_inputs erl_t2b_lists"
# The sort-family property programs (erl_sortprop_*): thousands of sorts each.
std_slow="$std_slow $(cd "$(dirname "$0")" && ls erl_sortprop_*.erl | sed 's/\.erl$//' | tr '\n' ' ')"
# io_lib's nesting property program: 150 random terms in nine formats.
std_slow="$std_slow io_lib_deep_prop"
std_slow="$std_slow io_big_w io_big_p io_big_p_shapes io_big_p_nested io_big_p_map probe-io-w_huge-heap probe-io-w_huge_tuple-heap probe-io-p_huge-heap probe-io-w_huge-reductions probe-io-w_huge_tuple-reductions probe-io-p_huge-reductions probe-io-put_huge probe-io-put_deep probe-io-write-loop"
for f in seq duplicate sort usort flatten; do std_slow="$std_slow probe-std-$f-reductions probe-std-$f-heap"; done
# The data-structure probes (tens of thousands of live elements) too.
for f in dict gb_trees gb_sets sets array; do std_slow="$std_slow probe-ds-$f-reductions probe-ds-$f-heap"; done
# The string and unicode probes (megabyte inputs) too.
for f in copies upper chars split find length lexemes to_list; do std_slow="$std_slow probe-string-$f-reductions"; done
std_slow="$std_slow probe-string-copies-heap probe-string-to_list-heap"
# The yielding builtins' programs need lists longer than a quantum (65,536 cells).
trap_slow="trap_lists trap_subtract trap_iolists trap_compare trap_list_to_integer trap_binaries"
# the multi-quantum builtin programs of issue 5's last part (big terms)
big_slow="erl_phash_big erl_phash_maps erl_tuple_big erl_map_eq_big erl_map_order_big erl_map_order_prop erl_bin_cmp_big"
export HL_CONFORMANCE_SLOW="deep_nontail_map deep_recursion probe-heap-growth sort_runs probe-std-make_tuple-heap $std_slow $trap_slow $big_slow"
HL_TEST_GC_ALWAYS=1 exec bash "$(dirname "$0")/run.sh" "$@"
