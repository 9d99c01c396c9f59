-module(unsafe_try_body_in_catch).
-export([f/1]).
f(A) ->
  try X = A, X catch _ -> X end.
