-module(io_ts).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~ts", ["héllo"]), f("~ts", [<<"héllo"/utf8>>]), f("~s", [<<"héllo"/utf8>>]), f("~ts", [[1049]]),
     f("~s", [[1049]]), f("~ts", [<<255, 254>>]), f("~ts", [['ä', "x"]]), f("~10ts|", [[1049, 1072]]),
     f("~-6ts|", [<<"жж"/utf8>>]), f("~.1ts|", [[1049, 1072]]), f("~ts", [[<<"a">>, [1049 | <<"ж"/utf8>>]]])].
