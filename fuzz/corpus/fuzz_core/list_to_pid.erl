-module(list_to_pid).
-export([f/0]).
f() -> erlang:list_to_pid("<0.1.0>").
