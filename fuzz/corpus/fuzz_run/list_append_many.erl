-module(list_append_many).
-export([main/0]).
main() -> lists:foldl(fun(X, A) -> A ++ [X] end, [], lists:seq(1, 10)).
