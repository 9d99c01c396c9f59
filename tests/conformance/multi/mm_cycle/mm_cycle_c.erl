-module(mm_cycle_c).
-export([c/1]).

c(0) -> [c];
c(N) -> [c | mm_cycle:a(N - 1)].
