-module(ds_array_fix).
-export([main/0]).
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
main() ->
    A = array:from_list([a, b, c]),
    F = array:fix(A),
    R = array:relax(F),
    [F, R, R =:= A, array:is_fix(F), t(fun() -> array:set(3, d, F) end), array:get(5, A),
     t(fun() -> array:get(5, F) end), array:resize(10, F), array:is_fix(array:resize(10, F)),
     array:set(9, z, array:resize(10, F)), t(fun() -> array:set(10, z, array:resize(10, F)) end),
     array:resize(1, F), array:reset(3, A) =:= A, t(fun() -> array:reset(3, F) end),
     array:set(100, x, A), array:fix(array:set(100, x, A)), array:relax(array:new(101)),
     array:size(array:resize(array:set(7, undefined, array:new()))),
     array:resize(array:from_list([1, 2, 3, undefined]))].
