-module(try_after).
-export([main/0]).
main() -> {f(1), f(0)}.
f(X) -> try 10 div X after done end.
