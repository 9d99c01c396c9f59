-module(float_int_compare).
-export([main/0]).
main() -> [1 == 1.0, 1 < 1.5, 2.0 > 1, 0.0 == -0.0, 1.0 =:= 1.0, 3 =/= 3.0, lists:sort([2.5, 1, 3, 0.5])].
