-module(stacktrace_bound).
-export([f/1]).
f(St) ->
  try St catch C:R:St -> {C, R} end.
