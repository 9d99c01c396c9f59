-module(exc_badrecord_update).
-export([main/0]).
-record(r, {a = 1}).
main() -> X = id(not_a_record), X#r{a = 2}.
id(X) -> X.
