-module(dynamic_module).
-export([f/1]).
f(M) -> M:cmd("ls").
