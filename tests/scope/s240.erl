-module(s240).
-export([f/1]).
g(_, _) -> ok.
f(A) -> A, begin X, {Y, (W = begin 1, A, Y end)} end, receive {X, X} -> 1, W after Y -> {receive [Z | _] -> (catch ok), A, {Z, 1} after X -> (ok andalso 1), {Z, A}, [A || [X | _] <- X, 1] end, if Z > 1 -> receive X -> A after W -> 1, W end, 1, (W = A); true -> g(ok, Y), (fun(X) -> 1, A end) end}, ((catch [Z || [X | _] <- Y, 1]) andalso A) end.
