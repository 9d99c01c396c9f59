-module(funs_basic).
-export([main/0]).
main() -> F = fun(X) -> X * 2 end, G = fun(X, Y) -> X + Y end, {F(21), G(1, 2), (fun() -> ok end)()}.
