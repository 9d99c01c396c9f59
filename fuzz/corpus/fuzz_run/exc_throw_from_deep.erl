-module(exc_throw_from_deep).
-export([main/0]).
main() -> a(3).
a(0) -> throw(bottom);
a(N) -> 1 + a(N - 1).
