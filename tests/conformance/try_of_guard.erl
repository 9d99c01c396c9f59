-module(try_of_guard).
-export([main/0]).
main() -> [t(X) || X <- [1, -1, a]].
t(X) -> try X + 0 of N when N > 0 -> pos; N -> {nonpos, N} catch error:badarith -> bad end.
