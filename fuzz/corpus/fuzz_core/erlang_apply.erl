-module(erlang_apply).
-export([f/0]).
f() -> erlang:apply(lists, reverse, [[1]]).
