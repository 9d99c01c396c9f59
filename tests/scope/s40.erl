-module(s40).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (Y andalso (catch {(X andalso X), (fun(X) -> ok, Z end)})), (catch ok).
