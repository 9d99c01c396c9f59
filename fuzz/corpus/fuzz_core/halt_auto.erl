-module(halt_auto).
-export([f/0]).
f() -> halt(0).
