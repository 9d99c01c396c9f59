-module(unsafe_nested_case).
-export([f/2]).
f(A, B) ->
  case A of
    1 -> case B of 1 -> X = 1; _ -> ok end;
    _ -> ok
  end,
  X.
