-module(internal_only_builtin).
-export([f/1]).
f(L) -> erlang:hl_sort_run(L).
