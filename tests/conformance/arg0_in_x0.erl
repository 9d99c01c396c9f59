%% arg0_in_x0.erl — a frameless function keeps its first argument in x0,
%% every result's register, unless x0 may be written before a later read
%% of the argument (docs/codegen.md "Register model"): tail loops, the
%% argument read after a computation, after a case on a computed value,
%% after a guard that computes, in a clause after one whose guard
%% computed, in a function_clause's reported arguments, in try and fun
%% bodies, and through tail calls that permute it with the others.
-module(arg0_in_x0).
-export([main/0]).

%% The plain tail loop: x0 decremented in place.
loop(0) -> 0;
loop(N) -> loop(N - 1).

%% Read after a value computed into x0.
after_sum(N) -> X = N * 3, {X + 1, N}.
pair_then(N) -> {N + 1, N, N - 1}.
list_then(N) -> [N + 1 | N].

%% A case on a computed value, then the argument read in a branch.
case_computed(N) ->
    case N rem 3 of
        0 -> {zero, N};
        1 -> {one, N + 100};
        _ -> N
    end.

%% Guards that compute; a failing guard falls through to a clause that
%% reads the argument.
guarded(N) when N * 2 > 10 -> {big, N};
guarded(N) when N + 1 =:= 3 -> {two, N};
guarded(N) when is_integer(N), N rem 2 =:= 0 -> {even, N};
guarded(N) -> {other, N}.

%% Several clauses on patterns of the argument.
shape({A, B}) -> A + B;
shape([H | T]) -> {H, T};
shape(X) when is_atom(X) -> X;
shape(X) -> {other, X}.

%% No clause matches after a guard computed: the reported arguments.
strict(N) when N * 2 > 10 -> N;
strict(N) when N - 1 > 100 -> N.

%% The argument and the others swapped in a tail call.
swap(0, A, B) -> {A, B};
swap(N, A, B) -> swap(N - 1, B, A).
perm(N, A, B) when N =< 0 -> [N, A, B];
perm(N, A, B) -> perm(A, B, N - 1).
back(N, A) -> fin(A, N + A, N).
fin(X, Y, Z) -> {X, Y, Z}.

%% A case whose argument is the function's argument, with bodies that
%% overwrite x0 before reading it again.
nested(N) ->
    case N of
        {K, V} -> {V, K, N};
        _ when N > 5 -> M = N - 5, {M, N};
        _ -> [N, N]
    end.

%% A try (the function gets a frame) and a fun reading the argument.
guarded_div(N) -> try 100 div N of Q -> {Q, N} catch error:R -> {R, N} end.
adder(N) -> fun(X) -> X + N end.
apply_it(N) -> F = adder(N), F(N).

%% Mixed: one clause needs a frame, the other is frameless.
fib(N) when N < 2 -> N;
fib(N) -> fib(N - 1) + fib(N - 2).

main() ->
    Strict = [try strict(N) of V -> {ok, V}
              catch error:function_clause:St ->
                  [{_, F, Args, _} | _] = St, {F, Args}
              end || N <- [3, 7]],
    {loop(100000),
     [after_sum(N) || N <- [0, 5, -2]],
     pair_then(4), list_then(9),
     [case_computed(N) || N <- [3, 4, 5]],
     [guarded(N) || N <- [8, 2, 4, 1, x]],
     [shape(X) || X <- [{1, 2}, [a, b], c, 7]],
     Strict,
     swap(5, a, b), perm(3, 5, 7), back(2, 3),
     [nested(X) || X <- [{k, v}, 9, 1]],
     [guarded_div(N) || N <- [4, 0]],
     apply_it(21),
     fib(15)}.
