-module(ds_sets_errors).
-export([main/0]).
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
main() ->
    S = sets:from_list([a, b]),
    [t(fun() -> sets:size(notaset) end),
     t(fun() -> sets:to_list(notaset) end),
     t(fun() -> sets:add_element(x, notaset) end),
     t(fun() -> sets:del_element(x, notaset) end),
     t(fun() -> sets:is_element(x, notaset) end),
     t(fun() -> sets:fold(notfun, 0, S) end),
     t(fun() -> sets:fold(fun(_) -> 0 end, 0, S) end),
     t(fun() -> sets:filter(fun(_) -> maybe end, S) end),
     t(fun() -> sets:filter(notfun, S) end),
     t(fun() -> sets:intersection([]) end),
     t(fun() -> sets:union(S, notaset) end),
     t(fun() -> sets:new([{version, 3}]) end),
     t(fun() -> sets:new(notalist) end),
     t(fun() -> sets:from_list([a], [{version, 7}]) end),
     t(fun() -> sets:is_empty(notaset) end),
     t(fun() -> sets:is_subset(S, notaset) end),
     t(fun() -> sets:new([]) =:= sets:new() end),
     t(fun() -> sets:new([{other, 1}, {version, 1}]) =:= sets:new() end)].
