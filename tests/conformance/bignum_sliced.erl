%% Bignum operations past the old per-operation work cap (2^27 limb pairs,
%% which raised system_limit): computed in steps now, with OTP's results.
-module(bignum_sliced).
-export([main/0]).
chk(X) -> {X rem 1000000007, X band 16#FFFFFFFFFFFF, erlang:phash2(X)}.
main() ->
    A = (1 bsl 20000000) - 3,
    B = (1 bsl 32768) + 12345,
    P = A * B,
    io:format("~w~n", [chk(P)]),
    io:format("~w~n", [chk(-A * B)]),
    io:format("~w~n", [{chk(-A div B), chk(A rem -B)}]),
    io:format("~w~n", [chk(P div B)]),
    X = (1 bsl 1200000) - 1 - (1 bsl 777777),
    S = integer_to_list(X, 16),
    io:format("~w~n", [{length(S), erlang:phash2(S), lists:sublist(S, 20)}]),
    io:format("~w~n", [list_to_integer(S, 16) =:= X]),
    Bin = integer_to_binary(-X, 32),
    io:format("~w~n", [{byte_size(Bin), erlang:phash2(Bin), binary_to_integer(Bin, 32) =:= -X}]),
    %% a product of two numbers of 600,000 bits (the old cap was 740,000 squared)
    Y = (1 bsl 900000) - 7,
    io:format("~w~n", [chk(Y * (Y - 2))]).
