-module(s217).
-export([f/1]).
g(_, _) -> ok.
f(A) -> Z, (catch begin g(case Z of {Z, X} -> 1, A; _ -> ok, ok end, ok), {begin X, Z, ok end, (1 andalso Y)} end).
