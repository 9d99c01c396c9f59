-module(s221).
-export([f/1]).
g(_, _) -> ok.
f(A) -> {A, g((Z = (catch W)), case case A of {X, W} -> Z, Z, Y; _ -> ok, ok end of _ -> ok; _ -> ok end)}.
