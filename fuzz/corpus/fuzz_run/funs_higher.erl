-module(funs_higher).
-export([main/0]).
main() -> {foldl(fun(X, A) -> X + A end, 0, [1,2,3,4]), filter(fun(X) -> X rem 2 == 0 end, [1,2,3,4,5,6]), (compose(fun(X) -> X + 1 end, fun(X) -> X * 10 end))(5)}.
foldl(_, A, []) -> A;
foldl(F, A, [H | T]) -> foldl(F, F(H, A), T).
filter(_, []) -> [];
filter(P, [H | T]) -> case P(H) of true -> [H | filter(P, T)]; false -> filter(P, T) end.
compose(F, G) -> fun(X) -> F(G(X)) end.
