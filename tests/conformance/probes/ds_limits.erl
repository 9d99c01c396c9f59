-module(ds_limits).
-export([dict/0, gb_trees/0, gb_sets/0, sets/0, array/0]).
%% Data-structure probes for tests/conformance/run.sh (no expected file):
%% building a huge structure one element at a time is preemptible guest
%% code and must stop with the limit that is set (reductions, heap or
%% deadline). No big input list: the work is in the modules themselves.
%% Each element carries a fresh 8-tuple so the live heap grows quickly.
dict() -> dict:size(build(fun(I, D) -> dict:store(I, big(I), D) end, dict:new(), 1 bsl 24)).
gb_trees() -> gb_trees:size(build(fun(I, T) -> gb_trees:insert(I, big(I), T) end, gb_trees:empty(), 1 bsl 24)).
gb_sets() -> gb_sets:size(build(fun(I, S) -> gb_sets:add(big(I), S) end, gb_sets:new(), 1 bsl 24)).
sets() -> sets:size(build(fun(I, S) -> sets:add_element(big(I), S) end, sets:new(), 1 bsl 24)).
array() -> array:size(build(fun(I, A) -> array:set(I, big(I), A) end, array:new(), 1 bsl 24)).
big(I) -> {I, I + 1, I + 2, I + 3, I + 4, I + 5, I + 6, I + 7}.
build(_, Acc, 0) -> Acc;
build(F, Acc, N) -> build(F, F(N, Acc), N - 1).
