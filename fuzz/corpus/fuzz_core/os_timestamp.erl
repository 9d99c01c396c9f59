-module(os_timestamp).
-export([f/0]).
f() -> os:timestamp().
