-export([f/0]).
-module(module_before).
f() -> ok.
