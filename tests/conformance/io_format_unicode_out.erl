-module(io_format_unicode_out).
-export([main/0]).


main() ->
    io:format("~ts~n", ["héllo ж"]), io:format("~s~n", ["héllo"]), io:put_chars([1049, $\n]),
    io:put_chars(<<"ж\n"/utf8>>), io:format("~tp~n", [<<"ж"/utf8>>]), io:format("~p~n", ["é"]),
    io:format("~tc~c~n", [1049, 233]), ok.
