-module(s208).
-export([f/1]).
g(_, _) -> ok.
f(A) -> try receive W -> g(begin Y, 1 end, receive Y -> 1, Y, X after Z -> A, W, X end), Y after Y -> (fun(W) -> 1 end), if Y > 1 -> (W = Y), begin 1, 1, W end, try ok of Y -> 1, X catch _:X -> 1 end; true -> (fun(Z) -> Y, 1, 1 end), (catch Y) end end of {Z, W} -> Z, W, ok catch _:W -> g(if W > 1 -> A; true -> case A of [Y | _] -> 1, A, A; _ -> 1, A end, {Y, 1} end, Y), begin g({W, ok}, Y), ok, (ok andalso Z) end end, (fun(X) -> (catch Y), [case (fun(Y) -> 1 end) of [X | _] -> (Y = 1), if Y > 1 -> 1, Z; true -> ok, A, A end, if Y > 1 -> 1, ok; true -> 1, 1 end; _ -> X, case W of _ -> X; _ -> ok, W end end || X <- (catch (fun(X) -> 1, X, A end)), (catch {1, A})] end).
