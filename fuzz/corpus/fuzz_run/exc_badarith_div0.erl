-module(exc_badarith_div0).
-export([main/0]).
main() -> 10 div id(0).
id(X) -> X.
