-module(list_to_existing_atom).
-export([f/1]).
f(L) -> list_to_existing_atom(L).
