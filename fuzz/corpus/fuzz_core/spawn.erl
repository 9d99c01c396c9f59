-module(spawn).
-export([f/0]).
f() -> spawn(fun() -> ok end).
