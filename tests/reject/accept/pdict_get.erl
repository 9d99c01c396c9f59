-module(pdict_get).
-export([f/0]).
f() -> get(key).
