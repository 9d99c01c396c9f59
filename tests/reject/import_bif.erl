-module(import_bif).
-export([f/1]).
-import(mylists, [length/1]).
f(X) -> length(X).
