-module(map_in_tuple_list).
-export([main/0]).
%% Maps inside tuples and lists, literal and built, matched in nested positions.
id(X) -> X.
f({ok, #{v := V}}) -> V;
f([#{k := K} | _]) -> K;
f({_, [_, #{z := Z}]}) -> Z;
f(_) -> none.
main() ->
    [f(id({ok, #{v => 1}})), f(id([#{k => 2}, x])), f(id({p, [1, #{z => 3}]})), f(id({ok, #{}})),
     {#{a => 1}, [#{}], [{#{b => [id(2)]}}]}].
