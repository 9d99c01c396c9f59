-module(exc_badrecord).
-export([main/0]).
-record(r, {a}).
main() -> X = id({other, 1}), X#r.a.
id(X) -> X.
