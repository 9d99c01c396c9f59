-module(self_call_unexported).
-export([f/1]).
f(X) -> ?MODULE:g(X).
g(X) -> X.
