#!/usr/bin/env escript
%% term_arith.escript — arithmetic and comparison vectors from real OTP for
%% tests/unit/test_term_arith.c. Writes tests/data/term/arith.txt:
%%   OP<TAB>A<TAB>B<TAB>RESULT    (binary operators and comparisons)
%%   OP<TAB>A<TAB>RESULT          (unary operators and BIFs)
%% every term printed with ~w; RESULT is the error reason when OTP raises.
%% Usage: escript term_arith.escript OUTFILE
-mode(compile).

main([Out]) ->
    rand:seed(exsss, {20261130, 7, 42}),
    Ints = ints(),
    Floats = floats(),
    Vals = Ints ++ Floats,
    {ok, F} = file:open(Out, [write]),
    Bin = ['+', '-', '*', '/', 'div', 'rem', 'band', 'bor', 'bxor', '<', '==', '=:='],
    Core = core(),
    Pairs = [{A, B} || A <- Core, B <- Core]
            ++ [{pick(Vals), pick(Vals)} || _ <- lists:seq(1, 1500)],
    [line(F, Op, A, B) || {A, B} <- Pairs, Op <- Bin],
    Shifts = [0, 1, 3, 59, 60, 63, 64, 65, 100, 128, 1000, -1, -3, -59, -60, -63, -64, -65,
              -100, -1000, 1 bsl 62, -(1 bsl 62), 1 bsl 70, -(1 bsl 70)],
    [line(F, Op, A, S) || A <- Ints, S <- Shifts, Op <- ['bsl', 'bsr'],
                          not (Op == 'bsl' andalso S >= 1 bsl 62 andalso A =/= 0),
                          not (Op == 'bsr' andalso S =< -(1 bsl 62) andalso A =/= 0)],
    Un = ['-', abs, float, round, trunc, floor, ceil, 'bnot'],
    [line1(F, Op, A) || A <- Vals ++ more_floats(), Op <- Un],
    Bases = [2, 3, 7, 10, 16, 36],
    [line(F, integer_to_list, A, Base) || A <- Ints, Base <- Bases],
    file:close(F).

line(F, Op, A, B) ->
    case try apply_op(Op, A, B) catch error:E -> E end of
        {text, T} -> io:format(F, "~s\t~w\t~w\t~s~n", [Op, A, B, T]);
        R -> io:format(F, "~s\t~w\t~w\t~w~n", [Op, A, B, R])
    end.

pick(L) -> lists:nth(rand:uniform(length(L)), L).

%% Boundary values: every pair of these is tested.
core() ->
    I = [0, 1, -1, 2, -7, 255, 9007199254740993, (1 bsl 59) - 1, 1 bsl 59, -(1 bsl 59),
         -(1 bsl 59) - 1, 1 bsl 60, (1 bsl 63) - 1, 1 bsl 63, -(1 bsl 63), 1 bsl 64,
         -(1 bsl 64) - 1, (1 bsl 64) + 1, 1267650600228229401496703205653,
         -1267650600228229401496703205653],
    F = [0.0, 0.5, -2.5, 1.0e300, -1.7976931348623157e308, 9007199254740992.0,
         576460752303423488.0, 1.8446744073709552e19, 3.402823669209385e38, 1.0e-300],
    I ++ F.

line1(F, Op, A) ->
    R = try apply_op1(Op, A) catch error:E -> E end,
    io:format(F, "~s\t~w\t~w~n", [Op, A, R]).

apply_op('+', A, B) -> A + B;
apply_op('-', A, B) -> A - B;
apply_op('*', A, B) -> A * B;
apply_op('/', A, B) -> A / B;
apply_op('div', A, B) -> A div B;
apply_op('rem', A, B) -> A rem B;
apply_op('band', A, B) -> A band B;
apply_op('bor', A, B) -> A bor B;
apply_op('bxor', A, B) -> A bxor B;
apply_op('bsl', A, B) -> A bsl B;
apply_op('bsr', A, B) -> A bsr B;
apply_op('<', A, B) -> A < B;
apply_op('==', A, B) -> A == B;
apply_op('=:=', A, B) -> A =:= B;
apply_op(integer_to_list, A, B) -> {text, integer_to_list(A, B)}.

apply_op1('-', A) -> -A;
apply_op1(abs, A) -> abs(A);
apply_op1(float, A) -> float(A);
apply_op1(round, A) -> round(A);
apply_op1(trunc, A) -> trunc(A);
apply_op1(floor, A) -> floor(A);
apply_op1(ceil, A) -> ceil(A);
apply_op1('bnot', A) -> bnot A.

ints() ->
    Edges = lists:append([[1 bsl K - 1, 1 bsl K, 1 bsl K + 1] || K <- [59, 60, 63, 64, 128]]),
    Pos = [0, 1, 2, 3, 7, 10, 255, 1000003, 9007199254740993, 18014398509481985]
          ++ Edges
          ++ [rand:uniform(1 bsl 40) || _ <- lists:seq(1, 3)]
          ++ [rand:uniform(1 bsl 100) || _ <- lists:seq(1, 3)]
          ++ [rand:uniform(1 bsl 300) || _ <- lists:seq(1, 2)]
          ++ [rand:uniform(1 bsl 600)],
    lists:usort(Pos ++ [-X || X <- Pos]).

floats() ->
    P = [0.0, 0.5, 1.0, 1.5, 2.5, 3.0, 1.0e-300, 123.456, 9007199254740992.0,
         576460752303423488.0, 1.8446744073709552e19, 3.402823669209385e38, 1.0e300,
         1.7976931348623157e308],
    P ++ [-X || X <- P, X =/= 0.0].

more_floats() ->
    [0.49999999999999994, -0.5, 2.5000000001, -3.5, 4.5, 1.0e20, -1.0e20, 1.0e-20,
     4503599627370495.5, -4503599627370495.5, 1.0e308, -1.0e308].
