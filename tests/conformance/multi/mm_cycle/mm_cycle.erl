-module(mm_cycle).
-export([main/0, a/1]).

%% Three modules calling each other in a cycle.
main() -> {a(9), mm_cycle_b:b(0), mm_cycle_c:c(1)}.

a(0) -> [a];
a(N) -> [a | mm_cycle_b:b(N - 1)].
