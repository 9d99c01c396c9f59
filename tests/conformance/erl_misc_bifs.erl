-module(erl_misc_bifs).
-export([main/0]).
%% the erlang BIFs of issue 5's list that are easy to miss: size/1, not/1,
%% is_function/2, binary_to_list/3, error/2,3.
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    F2 = fun(_, _) -> ok end,
    [t(fun() -> size({a, b}) end), t(fun() -> size(<<1, 2, 3>>) end), t(fun() -> size(<<1:9>>) end),
     t(fun() -> size([1]) end), t(fun() -> size(abc) end),
     t(fun() -> not true end), t(fun() -> not false end), t(fun() -> not id(1) end),
     is_function(F2, 2), is_function(F2, 1), is_function(F2, 0), t(fun() -> is_function(F2, -1) end),
     t(fun() -> is_function(F2, a) end), is_function(x, 2),
     t(fun() -> binary_to_list(<<1, 2, 3, 4>>, 2, 3) end), t(fun() -> binary_to_list(<<1, 2, 3, 4>>, 1, 4) end),
     t(fun() -> binary_to_list(<<1, 2, 3, 4>>, 3, 2) end), t(fun() -> binary_to_list(<<1, 2, 3, 4>>, 0, 2) end),
     t(fun() -> binary_to_list(<<1, 2, 3, 4>>, 2, 5) end), t(fun() -> binary_to_list(<<1, 2>>, 3, 3) end),
     t(fun() -> error(foo, [1, 2]) end), t(fun() -> error({a, b}, none) end),
     t(fun() -> error(foo, [1], [{error_info, #{}}]) end), t(fun() -> error(bar, none, []) end),
     t(fun() -> bitstring_to_list(<<1, 2:3>>) end)].
id(X) -> X.
