-module(hof_laundering).
-export([f/0]).
f() -> lists:map(fun os:cmd/1, ["ls"]).
