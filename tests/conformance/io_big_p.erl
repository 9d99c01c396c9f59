-module(io_big_p).
-export([main/0]).


main() ->
    L = [{I, [I, I + 1], <<"bin">>, atom} || I <- lists:seq(1, 1000)],
    S = lists:flatten(io_lib:format("~p", [L])),
    [length(S), lists:sublist(S, 200), erlang:phash2(S)].
