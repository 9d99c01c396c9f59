-module(unsafe_stacktrace_after_try).
-export([f/1]).
f(A) ->
  try A catch C:R:St -> {C, R, St} end,
  St.
