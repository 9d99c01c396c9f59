-module(io_format_raises).
-export([main/0]).


main() ->
    io:format("before~n"), io:format("~w~n", []).
