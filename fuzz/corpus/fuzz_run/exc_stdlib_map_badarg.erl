-module(exc_stdlib_map_badarg).
-export([main/0]).
main() -> lists:map(fun(X) -> X + 1 end, [1, a]).
