%% ~p and ~w of integers above the printing builtin's budget (more than
%% ~1,100 digits): a 1,000,000-bit integer, and 200,000-bit ones inside
%% lists, tuples and maps (laid out as io_lib_pretty does).
-module(bignum_print_big).
-export([main/0]).
main() ->
    Y = (1 bsl 200000) + 7,
    [begin
         S = lists:flatten(io_lib:format("~p", [T])),
         io:format("~p ~p~n", [length(S), erlang:phash2(S)])
     end || T <- [[Y, -Y], {tag, Y, [1, 2]}, #{k => Y, Y => v}, {Y}]],
    io:format("~p~n", [[1, -Y, 2]]),
    X = (1 bsl 1000000) - 1234567,
    io:format("~w~n", [{-X}]),
    io:format("~p~n", [X]),
    ok.
