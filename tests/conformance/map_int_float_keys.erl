-module(map_int_float_keys).
-export([main/0]).
%% 1 and 1.0 are different keys (=:=), though they compare equal (==).
id(X) -> X.
main() ->
    M = #{1 => int, 1.0 => float},
    N = (id(#{}))#{id(2) => a, id(2.0) => b},
    [M, map_size(M), map_get(1, M), map_get(1.0, M), N, is_map_key(2, N), is_map_key(2.0, N),
     is_map_key(3.0, N), case M of #{1.0 := X} -> X end, M#{1 := new}, M#{1.0 := new},
     #{1 => a} == #{1.0 => a}, #{1 => a} =:= #{1.0 => a}].
