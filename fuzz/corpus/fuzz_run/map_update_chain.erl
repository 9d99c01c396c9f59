-module(map_update_chain).
-export([main/0]).
%% Long update chains with mixed => and := and the values they leave.
id(X) -> X.
main() ->
    M0 = id(#{a => 0}),
    M1 = M0#{b => 1, c => 2, a := 10, d => 3, b := 11, e => 4, c := 12},
    M2 = M1#{a := M1, f => [M0]},
    {M1, M2, map_size(M2)}.
