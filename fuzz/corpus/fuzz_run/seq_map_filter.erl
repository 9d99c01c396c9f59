-module(seq_map_filter).
-export([main/0]).
main() -> lists:filter(fun(X) -> X rem 3 == 0 end, lists:map(fun(X) -> X * X end, lists:seq(1, 20))).
