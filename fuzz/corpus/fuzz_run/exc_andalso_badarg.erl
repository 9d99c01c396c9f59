-module(exc_andalso_badarg).
-export([main/0]).
main() -> X = id(1), X andalso true.
id(Y) -> Y.
