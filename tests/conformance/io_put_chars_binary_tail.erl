%% io:put_chars/1 of chardata whose lists end in a binary instead of []
%% (json:format/1 returns such iodata).
-module(io_put_chars_binary_tail).
-export([main/0]).
main() ->
    io:put_chars([$a, <<": ">> | <<"b">>]),
    io:put_chars([[$\n, [<<"x">> | <<"y">>] | <<"z">>], $\n]),
    io:put_chars([<<"é"/utf8>> | <<"!\n">>]),
    R = try io:put_chars([$a | b]) catch error:E -> E end,
    {R, try io:put_chars([$a | <<255>>]) catch error:E2 -> E2 end}.
