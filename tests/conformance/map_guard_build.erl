-module(map_guard_build).
-export([main/0]).
%% Map expressions inside guards (construction and update are guard expressions).
id(X) -> X.
f(M, K) when M =:= #{K => 1} -> single_one;
f(M, _) when M#{a => 1} =:= #{a => 1, b => 2} -> has_b2;
f(M, _) when map_size(M#{z := 0}) > 0 -> has_z;
f(_, _) -> other.
main() -> [f(id(#{k => 1}), k), f(id(#{b => 2}), k), f(id(#{z => 5}), k), f(id(#{q => 1}), k),
           f(id(not_map), k)].
