-module(unsafe_inside_tuple).
-export([f/1]).
f(A) -> {case A of 1 -> X = 1; _ -> ok end, 2}, X.
