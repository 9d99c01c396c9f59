-module(map_order).
-export([main/0]).
%% Term order of maps: by size, then keys, then values; maps sort between tuples and lists.
id(X) -> X.
main() ->
    L = [#{b => 1}, #{a => 2}, #{a => 1}, #{}, #{a => 1, b => 1}, {x}, [x], 3, #{1 => a},
         #{1.0 => a}, #{z => 0, a => 9}],
    [lists:sort(L), #{a => 1} < #{b => 0}, #{a => 2} > #{a => 1}, #{a => 1} < #{a => 1, b => 0},
     #{} < {}, #{} < [], #{1 => x} < #{1.0 => x}, id(#{a => 1}) == id(#{a => 1.0}),
     id(#{a => 1}) =:= id(#{a => 1.0}), id(#{a => 1}) < id(#{a => 1.0}), id(#{a => 1.0}) < id(#{a => 1}),
     id(#{1 => a}) < id(#{1.0 => a}), id(#{2 => a}) < id(#{1.0 => a})].
