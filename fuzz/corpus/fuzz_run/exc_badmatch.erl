-module(exc_badmatch).
-export([main/0]).
main() -> {ok, V} = id({error, 3}), V.
id(X) -> X.
