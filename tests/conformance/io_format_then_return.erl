-module(io_format_then_return).
-export([main/0]).


main() ->
    io:format("value: ~w~n", [42]), io:format("no args~n"), io:fwrite("~s and ~p~n", ["str", "str"]),
    io:fwrite("plain~n"), io:nl(), io:put_chars("put chars\n"), io:put_chars(<<"binary\n">>),
    io:put_chars([$a, [$b, <<"c">>], "\n"]), io:write({a, b}), io:nl(),
    done.
