-module(s87).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (Z andalso (Z = case (1 andalso X) of {W, W} -> g(1, W), case A of [W | _] -> A, ok, W; _ -> 1, 1, Z end; _ -> Y end)).
