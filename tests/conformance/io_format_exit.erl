-module(io_format_exit).
-export([main/0]).


main() ->
    io:format("about to throw~n"), throw({oops, 1}).
