-module(ds_array_set).
-export([main/0]).
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
main() ->
    A0 = array:new(),
    A1 = array:set(0, a, A0),
    A2 = array:set(5, b, A1),
    A3 = array:set(10, c, A2),
    A4 = array:set(99, d, A3),
    A5 = array:set(100, e, A4),
    A6 = array:set(12345, f, A5),
    F = array:new(10),
    [A1, A2, A3, A4, A5, A6,
     [array:get(I, A6) || I <- [0, 1, 5, 10, 99, 100, 12345, 12346, 1000000]],
     array:size(A6), array:set(3, x, F), array:get(9, F),
     t(fun() -> array:set(10, x, F) end), t(fun() -> array:get(10, F) end),
     t(fun() -> array:set(-1, x, A0) end), t(fun() -> array:get(-1, A0) end),
     t(fun() -> array:set(a, x, A0) end), t(fun() -> array:get(1.0, A0) end),
     t(fun() -> array:set(0, x, notarray) end), t(fun() -> array:get(0, notarray) end),
     t(fun() -> array:set(0, 17, array:new(fixed)) end),
     array:set(0, 42, array:set(0, 17, array:new())),
     array:reset(5, A6), array:reset(7, A6) =:= A6, array:reset(50000, A6) =:= A6,
     array:reset(0, array:new({default, 42})),
     t(fun() -> array:reset(11, array:new(10)) end), t(fun() -> array:reset(-1, A6) end),
     t(fun() -> array:reset(0, bad) end)].
