-module(s189).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (catch X), begin try A, ok of Y -> [[Z || W <- X, A] || [Z | _] <- [W || X <- A, 1], receive _ -> X, A after W -> W, A end] catch _:Y -> Y, ok, receive _ -> g(1, Y) after W -> (catch Y) end end end.
