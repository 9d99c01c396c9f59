%% Bignums up to OTP 25's size (33,554,368 bits): printing, division,
%% text round trips, bitwise operations on huge negatives, comparisons
%% with floats, ETF round trips, hashing (the limit itself: bignum_max_size).
-module(bignum_otp_size).
-export([main/0]).

fact(N) -> fact(N, 1).
fact(0, A) -> A;
fact(N, A) -> fact(N - 1, N * A).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    F = fact(10000),
    io:format("~p~n", [F]),
    P = 1 bsl 100000,
    io:format("~p~n", [P]),
    S = integer_to_list(F),
    io:format("~p ~p ~p~n", [length(S), list_to_integer(S) =:= F, erlang:phash2(S)]),
    A = (P * 7) - 123456789123456789, B = (1 bsl 40000) + 99999,
    Q = A div B, R = A rem B,
    io:format("~p ~p ~p~n", [Q * B + R =:= A, erlang:phash2(Q), R]),
    io:format("~p ~p~n", [(-A) div B =:= -Q, (-A) rem B =:= -R]),
    io:format("~p~n", [F div fact(9990)]),
    io:format("~p~n", [F rem (1 bsl 64 + 13)]),
    [io:format("~p ~p~n", [Base, list_to_integer(integer_to_list(-F, Base), Base) =:= -F])
     || Base <- [2, 16, 36]],
    H = integer_to_list(P - 1, 16),
    io:format("~p ~p~n", [length(H), lists:usort(H)]),
    io:format("~p~n", [binary_to_integer(integer_to_binary(F)) =:= F]),
    N = -(1 bsl 150000) + 12345,
    M = -(1 bsl 120001) - 777,
    io:format("~p ~p ~p~n", [erlang:phash2(N band M), erlang:phash2(N bor M), erlang:phash2(N bxor M)]),
    io:format("~p ~p~n", [(N band M) < 0, bnot N =:= -N - 1]),
    io:format("~p ~p~n", [N bsr 149990, (N bsl 10) bsr 10 =:= N]),
    io:format("~p ~p ~p~n", [P > 1.0e308, -P < -1.0e308, P == float(1 bsl 1000) ]),
    io:format("~p ~p~n", [(1 bsl 1023) == math:pow(2, 1023), (1 bsl 1023) + 1 > math:pow(2, 1023)]),
    io:format("~p~n", [c(fun() -> float(P) end)]),
    io:format("~p~n", [c(fun() -> P + 0.5 end)]),
    io:format("~p~n", [c(fun() -> P / 3 end)]),
    io:format("~p~n", [lists:max([1.0e300, P, 5])  =:= P]),
    E = (1 bsl 199999) + 987654321987654321,
    T = term_to_binary(E),
    io:format("~p ~p ~p~n", [byte_size(T), binary_to_term(T) =:= E, erlang:phash2(T)]),
    T2 = term_to_binary({-E, [E]}),
    io:format("~p ~p~n", [byte_size(T2), binary_to_term(T2) =:= {-E, [E]}]),
    io:format("~p ~p ~p~n", [erlang:phash2(F), erlang:phash2(-P), erlang:phash(F, 1 bsl 27)]),
    <<Y:200000>> = <<E:200000>>,
    io:format("~p~n", [Y =:= E]),
    <<Z:200000/signed>> = <<(-E):200000>>,
    io:format("~p~n", [Z =:= -E]),
    ok.
