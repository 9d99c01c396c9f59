-module(exc_throw_in_guard_fun).
-export([main/0]).
main() -> F = fun(X) -> throw(X) end, try [F(1), F(2)] catch throw:V -> {first_thrown, V} end.
