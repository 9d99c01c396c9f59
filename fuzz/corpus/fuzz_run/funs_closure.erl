-module(funs_closure).
-export([main/0]).
main() -> A = 10, Add = fun(X) -> X + A end, Mk = fun(N) -> fun(M) -> N * M end end, T = Mk(3), {Add(5), T(7), apply2(Add, 1)}.
apply2(F, X) -> F(F(X)).
