%% A counting loop's step and its tail call (sub/add of a small constant
%% into x0, then call_only): the fused handler (vm/specialise.def,
%% add_xcx_call_only / sub_xcx_call_only) and its generic path, taken
%% when an operand is not a small integer or the result leaves the small
%% range (floats, the crossing into bignums at both ends, an atom).
-module(tail_arith_call).
-export([main/0]).

down(N) when N < 1 -> N;
down(N) -> down(N - 1).

up(N, L) when N >= L -> N;
up(N, L) -> up(N + 1, L).

below(N, L) when N =< L -> N;
below(N, L) -> below(N - 3, L).

count(0, Acc) -> Acc;
count(N, Acc) -> count(N - 1, [N rem 7 | Acc]).

main() ->
    io:format("~p~n", [down(100000)]),
    io:format("~p~n", [down(3.5)]),
    io:format("~p~n", [up(576460752303423480, 576460752303423500)]),
    io:format("~p~n", [up(-5, 5)]),
    io:format("~p~n", [up(2.25, 7)]),
    io:format("~p~n", [below(-576460752303423480, -576460752303423500)]),
    io:format("~p~n", [below(1180591620717411303424, 1180591620717411303400)]),
    io:format("~p~n", [try down(foo) catch error:R -> R end]),
    io:format("~p~n", [try up(bar, 1) catch error:R2 -> R2 end]),
    io:format("~p~n", [lists:sum(count(2000, []))]).
