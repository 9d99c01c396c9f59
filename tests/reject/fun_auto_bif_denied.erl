-module(fun_auto_bif_denied).
-export([f/0]).
f() -> fun spawn/1.
