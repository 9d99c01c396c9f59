-module(io_lp).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~lp", ["abc"]), f("~lp", [<<"abc">>]), f("~lp", [[{a, "xy"}]]), f("~lw", ["abc"]),
     f("~tlp", ["abc"]), f("~ltp", [<<"é"/utf8>>])].
