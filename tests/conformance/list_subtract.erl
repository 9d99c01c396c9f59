-module(list_subtract).
-export([main/0]).
main() -> {[1,2,3,1,2] -- [1,2], [a,b,c] -- [], [] -- [a], "hello" -- "l"}.
