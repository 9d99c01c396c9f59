-module(exc_fun_clause).
-export([main/0]).
main() -> F = fun(1) -> one end, F(2).
