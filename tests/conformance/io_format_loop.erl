-module(io_format_loop).
-export([main/0]).


main() ->
    lists:foreach(fun(I) -> io:format("line ~3..0B: ~p~n", [I, {I, I * I}]) end, lists:seq(1, 50)), ok.
