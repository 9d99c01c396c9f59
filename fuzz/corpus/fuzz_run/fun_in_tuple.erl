-module(fun_in_tuple).
-export([main/0]).
main() -> Ops = [{add, fun(A, B) -> A + B end}, {mul, fun(A, B) -> A * B end}], [{N, F(6, 7)} || {N, F} <- Ops].
