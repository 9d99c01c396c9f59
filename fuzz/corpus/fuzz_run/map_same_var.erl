-module(map_same_var).
-export([main/0]).
%% The same variable in two value positions must bind equal values.
id(X) -> X.
same(#{a := X, b := X}) -> {same, X};
same(#{a := _, b := _}) -> different;
same(_) -> incomplete.
main() -> [same(id(#{a => 1, b => 1})), same(id(#{a => 1, b => 1.0})), same(id(#{a => [x], b => [x]})),
           same(id(#{a => 1}))].
