-module(map_update_assoc).
-export([main/0]).
%% M#{K => V}: adds or replaces.
id(X) -> X.
main() ->
    M = id(#{a => 1, b => 2}),
    [M#{c => 3}, M#{a => 10}, M#{a => 10, d => 4, b => 20}, M#{}, M, (id(#{}))#{x => y},
     M#{a => 1}, M#{id(z) => id(last)}].
