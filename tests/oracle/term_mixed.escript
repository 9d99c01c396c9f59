#!/usr/bin/env escript
%% term_mixed.escript — integer/float mixing vectors from real OTP for
%% tests/unit/test_term_arith.c: random doubles and integers near the
%% points where doubles stop being exact (2^53), where smalls end (2^59),
%% and around 2^64..2^1024, combined with + - * / < == =:= and float/1,
%% round/1, trunc/1. Same format as term_arith.escript.
%% Usage: escript term_mixed.escript OUTFILE
-mode(compile).

main([Out]) ->
    rand:seed(exsss, {20261130, 11, 5}),
    {ok, F} = file:open(Out, [write]),
    Pairs = [pair() || _ <- lists:seq(1, 1500)],
    [line(F, Op, A, B) || {A, B} <- Pairs, Op <- ['+', '-', '*', '/', '<', '==', '=:=']],
    [line1(F, Op, X) || {A, B} <- lists:sublist(Pairs, 500), X <- [A, B],
                        Op <- [float, round, trunc]],
    file:close(F).

pair() ->
    case rand:uniform(4) of
        1 -> {rint(), rfloat()};
        2 -> {rfloat(), rint()};
        3 -> {rfloat(), rfloat()};
        4 -> I = rint(), {I, near_float(I)}
    end.

rint() ->
    E = lists:nth(rand:uniform(8), [10, 52, 53, 54, 59, 60, 64, 100]) +
        rand:uniform(3) - 2,
    V = (1 bsl E) + rand:uniform(1 bsl 20) - (1 bsl 19),
    case rand:uniform(2) of 1 -> V; 2 -> -V end.

rfloat() ->
    M = rand:uniform() * 2 - 1,
    E = rand:uniform(140) - 40,
    M * math:pow(2, E).

%% A float equal to or one ulp away from float(I), when representable.
near_float(I) ->
    try float(I) of
        F -> <<B:64>> = <<F/float>>,
             D = rand:uniform(3) - 2,
             <<G/float>> = <<(B + D):64>>,
             G
    catch _:_ -> 0.5
    end.

line(F, Op, A, B) ->
    R = try apply_op(Op, A, B) catch error:E -> E end,
    io:format(F, "~s\t~w\t~w\t~w~n", [Op, A, B, R]).

line1(F, Op, A) ->
    R = try apply_op1(Op, A) catch error:E -> E end,
    io:format(F, "~s\t~w\t~w~n", [Op, A, R]).

apply_op('+', A, B) -> A + B;
apply_op('-', A, B) -> A - B;
apply_op('*', A, B) -> A * B;
apply_op('/', A, B) -> A / B;
apply_op('<', A, B) -> A < B;
apply_op('==', A, B) -> A == B;
apply_op('=:=', A, B) -> A =:= B.

apply_op1(float, A) -> float(A);
apply_op1(round, A) -> round(A);
apply_op1(trunc, A) -> trunc(A).
