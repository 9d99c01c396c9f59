-module(pdict_erase).
-export([f/0]).
f() -> erase().
