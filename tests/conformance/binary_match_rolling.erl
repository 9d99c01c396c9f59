%% binary_match_rolling: binary:match/matches/split/replace with patterns
%% over 64 KiB, which bif_binary.c searches with a rolling hash resumable
%% at any byte (hashing, rolling, verifying), so no call runs long however
%% long the pattern: matches at the start, the end and back to back, near
%% misses, scopes that cut the last window, a pattern longer than the
%% subject, against erl.
-module(binary_match_rolling).
-export([main/0]).

main() ->
    P = <<(binary:copy(<<"a">>, 100000))/binary, "b">>,
    S1 = <<(binary:copy(<<"a">>, 300000))/binary, "b", (binary:copy(<<"a">>, 100000))/binary, "bxx">>,
    Q = binary:copy(<<"abcdefghijklmnopq">>, 10000),
    Per = binary:copy(<<"ab">>, 40000),
    io:format("~p~n", [[binary:match(S1, P),
                        binary:matches(<<P/binary, P/binary, "z", P/binary>>, P),
                        length(binary:split(<<P/binary, "z", P/binary, P/binary>>, P, [global])),
                        binary:match(binary:copy(<<"a">>, 500000), P),
                        byte_size(binary:replace(<<"x", P/binary, "y", P/binary>>, P, <<"Q">>, [global])),
                        binary:matches(binary:copy(Q, 7), Q),
                        binary:match(<<"xx", Q/binary>>, Q, [{scope, {1, 170001}}]),
                        binary:match(<<"xx", Q/binary>>, Q, [{scope, {2, 170000}}]),
                        binary:match(<<"xx", Q/binary, "yy">>, Q, [{scope, {3, 170001}}]),
                        binary:match(<<"xx", Q/binary>>, Q, [{scope, {2, 169999}}]),
                        binary:match(Q, <<Q/binary, "!">>),
                        binary:matches(binary:copy(<<"ab">>, 100001), Per),
                        [byte_size(X) || X <- binary:split(<<"ab", Per/binary, "a", Per/binary>>, Per, [global])],
                        binary:match(<<(binary:part(Per, 0, 79999))/binary, "b", Per/binary>>, Per)]]).
