-module(try_rethrow).
-export([main/0]).
main() -> try g() catch error:R -> {outer, R} end.
g() -> try error(boom) catch throw:_ -> no end.
