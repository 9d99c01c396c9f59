-module(pdict_put).
-export([f/1]).
f(V) -> put(key, V).
