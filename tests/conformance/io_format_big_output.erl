-module(io_format_big_output).
-export([main/0]).


main() ->
    io:format("~p~n", [lists:seq(1, 3000)]), io:put_chars(lists:duplicate(5000, $z)), io:nl(), ok.
