-module(illegal_pattern_prefix).
-export([f/1]).
f([X] ++ T) -> {X, T}.
