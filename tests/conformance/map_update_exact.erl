-module(map_update_exact).
-export([main/0]).
%% M#{K := V}: replaces existing keys only.
id(X) -> X.
main() ->
    M = id(#{a => 1, b => 2, c => 3}),
    [M#{a := x}, M#{a := x, c := z}, M#{b := 2}, M#{a => new, a := newer},
     M#{id(b) := id(bb)}].
