-module(exc_in_fun).
-export([main/0]).
main() -> F = fun(X) -> X + 1 end, F(atom).
