-module(funs_local).
-export([main/0]).
main() -> F = fun double/1, {F(4), map(F, [1,2,3]), map(fun sq/1, [1,2,3])}.
double(X) -> 2 * X.
sq(X) -> X * X.
map(_, []) -> [];
map(F, [H | T]) -> [F(H) | map(F, T)].
