-module(erlang_now).
-export([f/0]).
f() -> erlang:now().
