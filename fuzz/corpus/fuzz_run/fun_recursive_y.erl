-module(fun_recursive_y).
-export([main/0]).
main() -> Fact = fun(F, 0) -> 1; (F, N) -> N * F(F, N - 1) end, Fact(Fact, 12).
