%% loop_layout.erl — recursive functions whose clauses before the last are
%% each chosen by one literal argument and whose last clause recurses are
%% laid out with the last clause first, behind
%% inverted tests (docs/codegen.md "Loop layout"). The results must be
%% OTP's whatever the literal's type (integers, floats, big integers,
%% atoms, [], strings, binaries), the literal's argument position, the
%% number of literal clauses, a frame in the recursive body (fib), the
%% other arguments bound in a literal clause's head, and exceptions
%% raised in either clause, and a last clause that tests and may fail
%% (function_clause, its arguments as passed). Shapes the layout leaves
%% alone (two literals in one head, no recursion) sit beside them.
-module(loop_layout).
-export([main/0]).

%% count down: the iteration falls through is_ne_exact
loop(0) -> done;
loop(N) -> loop(N - 1).

%% an accumulator, the literal clause returning a bound argument
sum(0, Acc) -> Acc;
sum(N, Acc) -> sum(N - 1, Acc + N).

%% the literal in the second argument
shift(X, 0) -> X;
shift(X, N) -> shift(X * 2, N - 1).

%% two literal clauses and a body with a frame (non-tail calls)
fib(0) -> 0;
fib(1) -> 1;
fib(N) -> fib(N - 1) + fib(N - 2).

%% four literal clauses of different types, tried in order
kind(zero, Acc) -> [zero | Acc];
kind(1.0, Acc) -> [float_one | Acc];
kind(1, Acc) -> [int_one | Acc];
kind(100000000000000000000, Acc) -> [big | Acc];
kind(N, Acc) -> kind(N div 2, [N | Acc]).

%% a literal clause of every type, each the exit of a loop over a list
walk([], K) -> K;
walk(L, K) -> walk(tl(L), K + 1).

str_loop("stop", K) -> K;
str_loop(S, K) -> str_loop(tl(S), K + 1).

bin_loop(<<"end">>, K) -> K;
bin_loop(<<_, Rest/binary>>, K) -> bin_loop(Rest, K + 1);
bin_loop(B, K) -> {B, K}.

float_loop(0.0, K) -> {float_zero, K};
float_loop(X, K) -> float_loop(X - 0.5, K + 1).

big_loop(100000000000000000000, K) -> K;
big_loop(N, K) -> big_loop(N + 1, K + 1).

atom_loop(stop, Acc) -> lists:reverse(Acc);
atom_loop(N, Acc) -> atom_loop(next(N), [N | Acc]).

next(3) -> stop;
next(N) -> N + 1.

%% exceptions in either clause: badarith in the recursive one, badarg in
%% the literal one
bad_step(0, X) -> element(X, {a});
bad_step(N, X) -> bad_step(N - X, X).

%% the exact inverse: 0 and 0.0 differ, so loop(0.0)-like values fall
%% through to the recursive clause (bounded here by a second argument)
exact(0, _) -> int_zero;
exact(X, 0) -> {stopped, X};
exact(X, Fuel) -> exact(X, Fuel - 1).

%% a last clause that tests (a guard, a list pattern) and may fail
guarded(0) -> 0;
guarded(N) when N > 0 -> guarded(N - 1).

len([], N) -> N;
len([_ | T], N) -> len(T, N + 1).

pick(stop, Acc) -> Acc;
pick({I, Next}, Acc) when is_integer(I) -> pick(Next, Acc + I).

%% left alone: two literals in one head, no recursion

twice(0, 0) -> zero;
twice(N, M) -> twice(N - 1, M).

flat(0) -> zero;
flat(N) -> {N}.

%% a fun inside the recursive clause, and the recursive call inside an
%% argument of another call
deep(0, Acc) -> Acc;
deep(N, Acc) -> F = fun(X) -> X + N end, deep(N - 1, [F(0) | Acc]).

wrap(0) -> [];
wrap(N) -> [N | wrap(N - 1)].

catching(F) ->
    try F()
    catch
        error:function_clause:St -> [{_, Name, Args, _} | _] = St, {function_clause, Name, Args};
        C:R -> {C, R}
    end.

main() ->
    io:format("~p~n", [loop(100000)]),
    io:format("~p~n", [sum(1000, 0)]),
    io:format("~p~n", [shift(3, 70)]),
    io:format("~p~n", [[fib(N) || N <- lists:seq(0, 20)]]),
    io:format("~p~n", [kind(zero, [])]),
    io:format("~p~n", [kind(1.0, [])]),
    io:format("~p~n", [kind(1, [])]),
    io:format("~p~n", [kind(100000000000000000000, [])]),
    io:format("~p~n", [kind(1000, [])]),
    io:format("~p~n", [catching(fun() -> kind(2.5, []) end)]),
    io:format("~p~n", [walk(lists:seq(1, 500), 0)]),
    io:format("~p~n", [str_loop("abcstop", 0)]),
    io:format("~p~n", [catching(fun() -> str_loop("abc", 0) end)]),
    io:format("~p~n", [bin_loop(<<"xyzend">>, 0)]),
    io:format("~p~n", [bin_loop(<<"xyz">>, 0)]),
    io:format("~p~n", [float_loop(3.0, 0)]),
    io:format("~p~n", [big_loop(99999999999999999990, 0)]),
    io:format("~p~n", [atom_loop(0, [])]),
    io:format("~p~n", [catching(fun() -> bad_step(10, 1) end)]),
    io:format("~p~n", [catching(fun() -> bad_step(9, 3) end)]),
    io:format("~p~n", [catching(fun() -> bad_step(10, a) end)]),
    io:format("~p~n", [catching(fun() -> loop(a) end)]),
    io:format("~p~n", [exact(0, 5)]),
    io:format("~p~n", [exact(0.0, 5)]),
    io:format("~p~n", [guarded(50)]),
    io:format("~p~n", [catching(fun() -> guarded(-1) end)]),
    io:format("~p~n", [catching(fun() -> guarded(1.5) end)]),
    io:format("~p~n", [len(lists:seq(1, 300), 0)]),
    io:format("~p~n", [catching(fun() -> len([a, b | c], 0) end)]),
    io:format("~p~n", [pick({1, {2, {3, stop}}}, 0)]),
    io:format("~p~n", [catching(fun() -> pick({1, {x, stop}}, 0) end)]),
    io:format("~p~n", [catching(fun() -> pick(other, 0) end)]),
    io:format("~p~n", [twice(5, 0)]),
    io:format("~p~n", [flat(0)]),
    io:format("~p~n", [flat(4)]),
    io:format("~p~n", [deep(5, [])]),
    io:format("~p~n", [wrap(10)]),
    ok.
