-module(s88).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (fun(Y) -> ok, A, ok end), ok.
