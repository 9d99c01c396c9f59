-module(map_errors_caught).
-export([main/0]).
%% badmap / badkey as catchable exceptions, with the order OTP checks in.
id(X) -> X.
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    M = id(#{a => 1}),
    [t(fun() -> M#{b := 1} end), t(fun() -> (id(3))#{a => 1} end), t(fun() -> (id(3))#{} end),
     t(fun() -> M#{b := 1, c := 2} end), t(fun() -> M#{a => 1, b := 2, c => 3} end),
     t(fun() -> (id(x))#{a => error(first)} end), t(fun() -> M#{a := 2, a => 1} end),
     t(fun() -> #{id(a) => error(v1), id(b) => error(v2)} end),
     t(fun() -> (error(base))#{a => error(val)} end)].
