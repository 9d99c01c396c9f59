-module(try_of).
-export([main/0]).
main() -> [t(X) || X <- [1, 2, 3]].
t(X) -> try id(X) of 1 -> one; 2 -> two; N -> {other, N} catch _:_ -> caught end.
id(X) -> X.
