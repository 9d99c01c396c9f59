-module(binary_to_atom).
-export([f/1]).
f(B) -> binary_to_atom(B, utf8).
