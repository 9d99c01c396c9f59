-module(fun_returns_fun).
-export([main/0]).
main() -> Adder = fun(N) -> fun(X) -> X + N end end, Add5 = Adder(5), Add10 = Adder(10), {Add5(1), Add10(1), (Adder(100))(1)}.
