-module(map_records_mix).
-export([main/0]).
%% Records and maps side by side: a record inside a map and a map in a record field.
-record(pt, {x = 0, y = 0, meta = #{}}).
id(X) -> X.
main() ->
    P = #pt{x = 1, y = 2, meta = #{tag => id(a)}},
    M = #{point => P},
    #{point := #pt{meta = #{tag := T}}} = M,
    P2 = P#pt{meta = (P#pt.meta)#{extra => 1}},
    {T, P2, (P2#pt.meta), M}.
