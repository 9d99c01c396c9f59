-module(io_x_prefix_forms).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~.16x", [255, "Ox"]), f("~.16x", [-1, "Ox"]), f("~.8x", [8, '0o']), f("~x", [0, ""]),
     f("~.16x", [255, x]), f("~.16x", [255, <<"0x">>]), f("~.16x", [255, 5])].
