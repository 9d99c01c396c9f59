-module(unsafe_try_body_in_after).
-export([f/1]).
f(A) ->
  try X = A of Y -> X + Y catch _ -> 0 after X end.
