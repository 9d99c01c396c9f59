-module(funs_named).
-export([main/0]).
main() -> Fact = fun F(0) -> 1; F(N) -> N * F(N - 1) end, {Fact(10), is_function(Fact), is_function(Fact, 1), is_function(Fact, 2)}.
