-module(foldl_max).
-export([main/0]).
main() -> lists:foldl(fun(X, M) when X > M -> X; (_, M) -> M end, 0, [3, 9, 2, 7]).
