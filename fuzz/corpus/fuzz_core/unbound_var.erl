-module(unbound_var).
-export([f/0]).
f() -> X.
