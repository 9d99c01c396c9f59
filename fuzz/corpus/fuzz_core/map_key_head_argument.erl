-module(map_key_head_argument).
-export([f/2]).
f(K, #{K := V}) -> V.
