-module(tuple_pattern_big).
-export([main/0]).
main() -> T = list_to_tuple(lists:seq(1, 10)), {_, B, _, D, _, F, _, H, _, J} = T, [B, D, F, H, J].
