-module(s216).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g((W = 1), (if W > 1 -> {X, A}, ok; true -> (catch ok) end andalso A)).
