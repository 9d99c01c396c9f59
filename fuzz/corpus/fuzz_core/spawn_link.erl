-module(spawn_link).
-export([f/0]).
f() -> spawn_link(fun() -> ok end).
