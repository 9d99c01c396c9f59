-module(map_key_unbound).
-export([f/1]).
f(#{K := V}) -> V.
