-module(gc_deep_frames).
-export([main/0, go/1]).
%% Deep body recursion whose frames hold heap terms (tuples, bignums, lists)
%% across many collections, with exceptions caught on the way: minor
%% collections skip the unchanged bottom of the stack (src/vm/vm_support.c
%% hl_vm_gc), which must never lose an update. test_vm_stack_scan runs the
%% same code with a collection at every allocation.
main() -> [go(1), go(300), go(1500)].

go(N) -> L = build(N), D = deep(N), sum(L, 0) + len(D, 0) * 7 + dsum(D, 0).
build(0) -> [];
build(N) -> T = {N, N * 1000000000000000000, [N]}, R = build(N - 1), [T | R].
sum([], A) -> A;
sum([{N, B, [M]} | T], A) -> sum(T, A + N + (B rem 1000003) + M).
len([], A) -> A;
len([_ | T], A) -> len(T, A + 1).
deep(0) -> [];
deep(N) -> X = {N, [N, N]}, Y = try down(N) catch throw:{t, V} -> V * 3 end, R = deep(N - 1), [X, Y | R].
down(N) when N rem 7 =:= 0 -> throw({t, N});
down(N) -> N.
dsum([], A) -> A;
dsum([{N, [N, N]} | T], A) -> dsum(T, A + N);
dsum([V | T], A) -> dsum(T, A + V).
