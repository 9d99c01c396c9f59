-module(unknown_module).
-export([f/1]).
f(L) -> mymod:go(L).
