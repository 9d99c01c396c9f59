-module(map_pattern_assoc).
-export([f/1]).
f(#{a => 1}) -> ok.
