-module(io_w_basic).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~w", [foo]), f("~w", ['hello world']), f("~w", [[1,2,3]]), f("~w", ["abc"]),
     f("~w", [{a, "b", <<"c">>}]), f("~w", [<<1,2,3>>]), f("~w", [<<"abc">>]), f("~w", [[a|b]]),
     f("~w", [-12345678901234567890]), f("~w", [3.25]), f("~w", [1.0e100]), f("~w", [#{a => 1, "k" => [2]}]),
     f("~w", [{}]), f("~w", [[]]), f("~w", [<<>>]), f("~w", [<<1:3>>]), f("~w", [#{}]), f("~w~w", [a, b])].
