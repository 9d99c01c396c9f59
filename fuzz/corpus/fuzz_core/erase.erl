-module(erase).
-export([f/0]).
f() -> erase().
