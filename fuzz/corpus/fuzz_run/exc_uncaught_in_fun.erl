-module(exc_uncaught_in_fun).
-export([main/0]).
main() -> lists:map(fun(0) -> zero end, [0, 1]).
