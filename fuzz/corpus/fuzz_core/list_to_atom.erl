-module(list_to_atom).
-export([f/1]).
f(L) -> list_to_atom(L).
