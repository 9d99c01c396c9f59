-module(exc_float_div0).
-export([main/0]).
main() -> 1 / id(0.0).
id(X) -> X.
