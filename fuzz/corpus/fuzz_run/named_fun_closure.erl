-module(named_fun_closure).
-export([main/0]).
main() -> Base = 100, F = fun Loop(0, A) -> A + Base; Loop(N, A) -> Loop(N - 1, A + N) end, F(10, 0).
