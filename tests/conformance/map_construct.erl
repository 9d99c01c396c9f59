-module(map_construct).
-export([main/0]).
%% Construction with literal and computed keys and values.
id(X) -> X.
main() ->
    A = id(1), B = id(two),
    [#{}, #{a => 1}, #{A => B, B => A}, #{{A, B} => [A, B], "str" => {"bin"}},
     #{id(x) => id(y), z => [id(1) | id(2)]}, #{a => #{b => #{c => A}}}].
