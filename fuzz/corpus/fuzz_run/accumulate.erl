-module(accumulate).
-export([main/0]).
main() -> {sum_sq(100), count_if(fun(X) -> X rem 3 == 0 end, 1, 100, 0)}.
sum_sq(0) -> 0;
sum_sq(N) -> N * N + sum_sq(N - 1).
count_if(_, I, N, A) when I > N -> A;
count_if(P, I, N, A) -> case P(I) of true -> count_if(P, I + 1, N, A + 1); false -> count_if(P, I + 1, N, A) end.
