-module(fun_bif_os).
-export([f/0]).
f() -> fun erlang:open_port/2.
