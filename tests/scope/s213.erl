-module(s213).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (catch Z).
