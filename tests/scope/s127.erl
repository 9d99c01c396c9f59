-module(s127).
-export([f/1]).
g(_, _) -> ok.
f(A) -> receive {X, X} -> W after Z -> (catch (Z = X)), g((fun(X) -> g(1, A), 1 end), try W, (catch ok) of Y -> (ok andalso X) catch _:W -> case Y of W -> ok; _ -> ok, X, Y end end), 1 end.
