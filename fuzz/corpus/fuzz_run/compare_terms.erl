-module(compare_terms).
-export([main/0]).
main() -> [1 < a, a < {x}, {x} < [], [] < [1], 1 == 1.0, 1 =:= 1.0, 1 /= 2, {a,b} < {a,c}, [1,2] < [1,3], 2 >= 2, 3 =< 2, a =/= b].
