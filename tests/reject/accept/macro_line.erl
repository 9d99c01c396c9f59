-module(macro_line).
-export([f/0]).
f() -> ?LINE.
