-module(s138).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g((try 1 of _ -> g(Y, 1) catch _:Y -> W end andalso (catch (A andalso A))), (W = X)).
