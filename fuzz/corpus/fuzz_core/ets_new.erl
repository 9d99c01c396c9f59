-module(ets_new).
-export([f/0]).
f() -> ets:new(t, [public]).
