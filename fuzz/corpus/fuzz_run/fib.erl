-module(fib).
-export([main/0]).
main() -> [fib(N) || N <- [0,1,2,3,4,5,10,20]].
fib(0) -> 0;
fib(1) -> 1;
fib(N) -> fib(N - 1) + fib(N - 2).
