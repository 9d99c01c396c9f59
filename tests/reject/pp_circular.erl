-module(pp_circular).
-export([f/0]).
-define(A, ?B + 1).
-define(B, ?A).
f() -> ?A.
