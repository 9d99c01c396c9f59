-module(io_maps_print).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~w", [#{b => 2, a => 1}]), f("~p", [#{b => 2, a => 1}]), f("~p", [#{[1] => "x", {t} => <<"b">>}]),
     f("~w", [#{a => #{b => #{c => d}}}]), f("~p", [#{1 => one, 1.0 => float_one}]),
     f("~p", [#{key_one => "value one is long enough", key_two => "value two is long enough too", k3 => x}])].
