#!/usr/bin/env escript
%% Oracle for tests/unit/test_vm.c: the Erlang equivalents of the hand-assembled
%% functions in tests/unit/bc_progs.h, run by OTP itself.
fib(N) when N < 2 -> N; fib(N) -> fib(N-1) + fib(N-2).
count(0, A) -> A; count(N, A) -> count(N-1, A+N).
seq(N) -> seq(N, []).
seq(0, A) -> A; seq(N, A) -> seq(N-1, [(N*7919) rem 1000 | A]).
area({square,S}) -> S*S; area({rect,W,H}) -> W*H.
safe(X) -> try area(X) catch error:R -> {caught, R} end.
main(_) ->
    io:format("fib(20) = ~p~n", [fib(20)]),
    io:format("fib(25) = ~p~n", [fib(25)]),
    io:format("count(1000000,0) = ~p~n", [count(1000000, 0)]),
    io:format("seq(50) = ~w~n", [seq(50)]),
    io:format("sort(seq(50)) = ~w~n", [lists:sort(seq(50))]),
    io:format("area = ~p ~p~n", [area({square,7}), area({rect,3,4})]),
    io:format("safe = ~p ~p~n", [safe({square,3}), safe(bad)]),
    io:format("catch throw = ~p~n", [catch throw(42)]),
    io:format("catch exit = ~p~n", [catch exit(12)]),
    io:format("lit = ~w~n", [{{1, 2.5, "ab", <<1,2,3>>, 1 bsl 70, [a|b], -(1 bsl 70), {}}, 1000000007 bsl 20}]),
    io:format("add = ~p ~p~n", [(1 bsl 59) - 1 + 1, 1 + 2.5]),
    io:format("cmp(1,1.0) = ~p~n", [{1 < 1.0, 1 == 1.0, 1 =:= 1.0}]),
    io:format("cmp(1,2) = ~p~n", [{1 < 2, 1 == 2, 1 =:= 2}]),
    io:format("subtract = ~p member = ~p keyfind = ~p~n", [[1, 1.0, 2] -- [1.0], lists:member(1.0, [1]), lists:keyfind(1.0, 1, [{1,a}])]),
    F = fun(X) -> X end,
    io:format("badarity = ~p~n", [try F() catch error:{badarity,{_,A}} -> {badarity, A} end]).
