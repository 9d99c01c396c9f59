-module(s61).
-export([f/1]).
g(_, _) -> ok.
f(A) -> 1, g(Z, (fun(Y) -> (begin Y end andalso (catch 1)), begin ok, A, (W = ok) end end)).
