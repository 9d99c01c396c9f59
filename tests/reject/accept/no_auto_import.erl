-module(no_auto_import).
-export([f/1]).
-compile({no_auto_import, [get/1, length/1]}).
-import(erlang, [length/1]).
f(X) -> {get(X), length(X)}.
get(X) -> X.
