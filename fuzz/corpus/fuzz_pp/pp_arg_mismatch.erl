-module(pp_arg_mismatch).
-export([f/0]).
-define(M(X), X).
-define(M(X, Y), {X, Y}).
f() -> ?M(1, 2, 3).
