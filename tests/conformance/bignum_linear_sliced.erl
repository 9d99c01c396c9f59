%% Linear operations on integers of more than 2^16 limbs (4.2M bits) run
%% in steps (vm/vm_bigop.h, term/biglin.h): every sign, the shifts both
%% ways (with and without bits shifted out of a negative number), the
%% instructions and the builtins, and comparisons of long equal-size
%% integers (a chunk of limbs per call), with OTP's results.
-module(bignum_linear_sliced).
-export([main/0]).
chk(X) -> {X rem 1000000007, X band 16#FFFFFFFFFFFF, (X bsr 4999990) band 16#FFFFF}.
big(K) -> (1 bsl 5000000) + K * ((1 bsl 4000000) + 123456789).
ops(A, B) ->
    [chk(A band B), chk(A bor B), chk(A bxor B), chk(A + B), chk(A - B),
     chk(erlang:'+'(A, B)), chk(erlang:'-'(A, B)), chk(bnot A), chk(-A), chk(abs(A))].
main() ->
    P = big(3), Q = big(-5), N = -big(7), M = -big(2),
    Pairs = [{P, Q}, {P, N}, {N, P}, {N, M}, {P, 12345}, {N, -99}, {-1, P}, {P, P}, {P, -P}],
    [io:format("~w~n", [ops(A, B)]) || {A, B} <- Pairs],
    io:format("~w~n", [[chk(X bsl S) || X <- [P, N, 1, -1], S <- [0, 1, 64, 4300000]]]),
    io:format("~w~n", [[chk(X bsr S) || X <- [P, N, -(1 bsl 5000000)], S <- [0, 1, 64, 100000]]]),
    io:format("~w~n", [[chk(X bsl -S) || X <- [P, N], S <- [3, 640001]]]),
    io:format("~w~n", [[{A < B, A == B, A =:= B, A > B} || {A, B} <- Pairs]]),
    io:format("~w~n", [{big(3) =:= P, big(3) + 1 > P, -big(7) < N + 1, N =/= -big(7)}]),
    %% (results past the bignum cap: tests/unit/test_vm_quantum.c, kept out
    %% of the collect-at-every-allocation mode, where 4 MiB operands are slow)
    ok.
