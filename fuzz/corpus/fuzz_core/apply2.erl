-module(apply2).
-export([f/1]).
f(F) -> apply(F, []).
