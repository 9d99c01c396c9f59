-module(seq_variants).
-export([main/0]).
main() -> {lists:seq(1, 1), lists:seq(3, 2), lists:seq(-3, 3)}.
