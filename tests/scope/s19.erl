-module(s19).
-export([f/1]).
g(_, _) -> ok.
f(A) -> ok, (Y andalso Z), (catch X).
