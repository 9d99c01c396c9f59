-module(s69).
-export([f/1]).
g(_, _) -> ok.
f(A) -> A, ([((ok andalso Y) andalso A) || [X | _] <- A, (X = Y)] andalso (catch 1)), ((Z = ok) andalso (catch W)).
