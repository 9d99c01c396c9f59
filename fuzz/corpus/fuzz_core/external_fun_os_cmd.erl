-module(external_fun_os_cmd).
-export([f/0]).
f() -> fun os:cmd/1.
