-module(std_limits).
-export([seq/0, duplicate/0, sort/0, usort/0, make_tuple/0, flatten/0]).
%% Stdlib probes for tests/conformance/run.sh (no expected file): huge
%% inputs to stdlib functions must stop with a limit (reductions, heap or
%% deadline), never run on inside one builtin call.
seq() -> length(lists:seq(1, 1 bsl 40)).
duplicate() -> length(lists:duplicate(1 bsl 40, x)).
sort() -> hd(lists:sort(lists:seq(2000000, 1, -1))).
usort() -> hd(lists:usort(lists:duplicate(3000000, y))).
make_tuple() -> tuple_size(erlang:make_tuple(16000000, a)).
flatten() -> length(lists:flatten(lists:duplicate(1 bsl 30, [a, [b]]))).
