-module(processes).
-export([f/0]).
f() -> erlang:processes().
