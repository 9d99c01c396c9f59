-module(pp_nested_deep).
-export([main/0]).
main() -> lists:foldl(fun(X, A) -> {X, A} end, nil, lists:seq(1, 30)).
