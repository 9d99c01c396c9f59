-module(map_exact_creation).
-export([f/1]).
f(A) -> #{a := A}.
