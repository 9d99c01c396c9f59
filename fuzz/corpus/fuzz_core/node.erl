-module(node).
-export([f/0]).
f() -> node().
