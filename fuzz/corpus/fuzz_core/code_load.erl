-module(code_load).
-export([f/1]).
f(B) -> code:load_binary(m, "m.beam", B).
