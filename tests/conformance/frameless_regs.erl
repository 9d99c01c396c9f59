%% frameless_regs.erl — functions without a non-tail call run without a
%% frame, their variables in x registers (docs/codegen.md "Register
%% model"): values live across collections in those registers, head
%% variables that share a number with another clause's, tail calls that
%% shuffle many registers, funs, function_clause.
-module(frameless_regs).
-export([main/0]).

%% Clause 2's variables share numbers (one per source name) with clause 1's.
f(0, Y) -> Y;
f(A, B) -> X = A + 1, Y = B * 2, {A, B, X, Y}.
g(X, Y) when X > 100 -> {X, Y};
g(P, Q) -> Y = P + Q, X = Y * 3, [P, Q, X, Y].
h({T, U}, U) -> T;
h(_, Z) -> Z.

%% Live values in registers across many collections.
build(0, Acc, A, B, C) -> {length(Acc), A, B, C};
build(N, Acc, A, B, C) ->
    build(N - 1, [{N, [N, N + 1], A} | Acc], [N | A], {C, B}, C + N).

%% Tail calls that permute and widen the arguments.
rot(0, A, B, C, D) -> [A, B, C, D];
rot(N, A, B, C, D) -> rot(N - 1, B, C, D, [A]).
widen(X) -> wide(X, X + 1, X + 2, X + 3, X + 4, X + 5, {X}, [X], X * X).
wide(A, B, C, D, E, F, G, H, I) -> {I, H, G, F, E, D, C, B, A}.

%% A fun applied in tail position.
app(F, X) when is_function(F, 1) -> F(X + 1);
app(F, X) -> F(X, [x]).
mk(K) -> fun(X) -> {K, X} end.

%% No clause matches: the arguments are reported.
only_pos(N) when is_integer(N), N > 0 -> N - 1.

sum_pairs([], S) -> S;
sum_pairs([{A, B} | T], S) -> sum_pairs(T, S + A + B).
pairs(0, _, Acc) -> Acc;
pairs(I, N, Acc) -> pairs(I - 1, N, [{I, N} | Acc]).
churn(0, Acc) -> Acc;
churn(N, Acc) -> churn(N - 1, Acc + sum_pairs(pairs(50, N, []), 0)).

main() ->
    R1 = {f(0, 5), f(3, 4), g(200, 1), g(1, 2), h({1, 2}, 2), h({1, 2}, 3)},
    {Len, A, B, C} = build(800, [], [], {}, 0),
    R2 = {Len, length(A), lists:sum(A), C, element(1, B)},
    R3 = {rot(10, a, b, c, d), widen(7)},
    R4 = {app(mk(k), 41), app(fun(P, Q) -> {Q, P} end, 7)},
    R5 = try only_pos(0) of V -> V catch error:E -> E end,
    R6 = churn(40, 0),
    {R1, R2, R3, R4, R5, only_pos(3), R6}.
