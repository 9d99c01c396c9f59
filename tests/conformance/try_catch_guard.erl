-module(try_catch_guard).
-export([main/0]).
main() -> [t(X) || X <- [1, 2, 3]].
t(X) -> try throw(X) catch throw:N when N > 2 -> big; throw:N when N == 2 -> two; throw:_ -> small end.
