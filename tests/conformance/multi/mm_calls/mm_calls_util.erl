-module(mm_calls_util).
-export([double/1, sum/1, step/2, name/0]).

double(X) -> 2 * X.
sum(L) -> lists:foldl(fun(X, Acc) -> X + Acc end, 0, L).
step(N, Acc) -> mm_calls:down(N - 1, Acc + 1).
name() -> ?MODULE.
