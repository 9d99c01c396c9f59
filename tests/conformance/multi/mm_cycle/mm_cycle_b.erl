-module(mm_cycle_b).
-export([b/1]).

b(0) -> [b];
b(N) -> [b | mm_cycle_c:c(N - 1)].
