-module(ds_array_new).
-export([main/0]).
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
main() ->
    [array:new(), array:new([]), array:new(10), array:new({size, 10}), array:new(fixed),
     array:new({fixed, true}), array:new({fixed, false}), array:new({default, x}),
     array:new([{size, 100}, {fixed, false}, {default, 0}]), array:new([100, fixed, {default, 0}]),
     array:new(11, {fixed, false}), array:new(101, {fixed, false}), array:new(1000, []),
     array:new(0, {size, 5}), array:new(7, [{default, d}]),
     array:new() =:= array:new([{size, 0}, {default, undefined}, {fixed, false}]),
     t(fun() -> array:new(-1) end), t(fun() -> array:new(10.0) end),
     t(fun() -> array:new(undefined) end), t(fun() -> array:new([undefined]) end),
     t(fun() -> array:new([{default, 0} | fixed]) end), t(fun() -> array:new(-1, []) end),
     t(fun() -> array:new(a, []) end), t(fun() -> array:new({fixed, maybe}) end),
     array:is_array(array:new()), array:is_array({array, 1, 2}), array:is_array(foo),
     array:size(array:new(17)), array:default(array:new({default, 4711})),
     t(fun() -> array:size(foo) end), t(fun() -> array:default(foo) end),
     array:is_fix(array:new()), array:is_fix(array:new(3)), array:fix(array:new()),
     array:relax(array:new(17)), array:relax(array:new(fixed)),
     t(fun() -> array:is_fix(foo) end), t(fun() -> array:fix(foo) end)].
