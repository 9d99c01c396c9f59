-module(exc_seq_badarg).
-export([main/0]).
main() -> try lists:seq(5, 1) catch error:R -> {caught, R} end.
