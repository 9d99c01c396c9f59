-module(fun_arity0).
-export([main/0]).
main() -> F = fun() -> {called} end, [F(), F()].
