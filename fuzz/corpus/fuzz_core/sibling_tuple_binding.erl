-module(sibling_tuple_binding).
-export([f/1]).
f(A) ->
  {X = 1, X + A}.
