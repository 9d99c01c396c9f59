-module(apply3_os_cmd).
-export([f/0]).
f() -> apply(os, cmd, ["ls"]).
