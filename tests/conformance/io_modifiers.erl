-module(io_modifiers).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~tw", ["abc"]), f("~ltw", ["abc"]), f("~tls", ["abc"]), f("~ttp", ["é"]), f("~llp", ["abc"]),
     f("~tp~n", [<<"ж"/utf8>>]), f("~lp", [[[97,98]]]), f("~10tc|", [1049]), f("~te", [1.0]), f("~tB", [5])].
