-module(self).
-export([f/0]).
f() -> self().
