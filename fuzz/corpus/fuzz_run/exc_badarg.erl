-module(exc_badarg).
-export([main/0]).
main() -> element(5, {a, b}).
