%% fib.erl — the example guest program of the README's main command.
-module(fib).
-export([fib/1, main/0]).

-spec fib(non_neg_integer()) -> non_neg_integer().
fib(N) when N < 2 -> N;
fib(N) -> fib(N - 1) + fib(N - 2).

main() -> fib(25).
