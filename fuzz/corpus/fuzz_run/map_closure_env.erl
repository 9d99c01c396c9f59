-module(map_closure_env).
-export([main/0]).
main() -> K = 3, lists:map(fun(X) -> X * K end, [1, 2, 3]).
