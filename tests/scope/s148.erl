-module(s148).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (W = (catch Y)), (g(A, Z) andalso A).
