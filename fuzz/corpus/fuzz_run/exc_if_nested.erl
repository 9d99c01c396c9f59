-module(exc_if_nested).
-export([main/0]).
main() -> f(5).
f(X) -> case X of 5 -> if X > 10 -> big end end.
