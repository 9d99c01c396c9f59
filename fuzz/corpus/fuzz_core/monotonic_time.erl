-module(monotonic_time).
-export([f/0]).
f() -> erlang:monotonic_time().
