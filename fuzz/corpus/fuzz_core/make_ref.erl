-module(make_ref).
-export([f/0]).
f() -> erlang:make_ref().
