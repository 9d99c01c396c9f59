-module(io_tp_unicode).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~tp", ["héllo"]), f("~p", ["héllo"]), f("~tp", [[1049, 1072]]), f("~p", [[1049, 1072]]),
     f("~tp", [<<"héllo"/utf8>>]), f("~p", [<<"héllo"/utf8>>]), f("~tp", [<<"plain">>]), f("~tp", ['ĳatom']),
     f("~p", ['ĳatom']), f("~tw", ['ĳatom']), f("~w", ['ĳatom']), f("~tp", [{"ж", <<"ж"/utf8>>}])].
