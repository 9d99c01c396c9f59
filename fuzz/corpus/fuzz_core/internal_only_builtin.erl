-module(internal_only_builtin).
-export([f/1]).
f(L) -> list_to_bitstring(L).
