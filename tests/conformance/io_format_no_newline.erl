-module(io_format_no_newline).
-export([main/0]).


main() ->
    io:format("no newline at the end"), io:format(" ... ~w", [x]), 7.
