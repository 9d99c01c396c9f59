-module(io_e_rounding).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~.3e", [1.0005]), f("~.3e", [1.0015]), f("~.4e", [99.995]), f("~.2e", [-9.96]), f("~.5e", [123456.0]),
     f("~e", [100.0]), f("~e", [1.0e10]), f("~e", [9.9999995]), f("~e", [0.000123456789])].
