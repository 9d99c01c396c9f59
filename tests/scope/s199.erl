-module(s199).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (catch (catch Z)), (fun(W) -> begin (A andalso (ok andalso W)), (catch A), receive {Y, Y} -> A, g(Z, X) after Y -> (Z andalso ok) end end end).
