-module(halt).
-export([f/0]).
f() -> erlang:halt().
