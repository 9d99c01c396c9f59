-module(exc_badfun).
-export([main/0]).
main() -> F = id(not_a_fun), F(1).
id(X) -> X.
