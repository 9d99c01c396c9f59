-module(guard_apply).
-export([f/1]).
f(F) when F() -> F.
