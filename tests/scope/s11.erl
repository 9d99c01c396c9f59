-module(s11).
-export([f/1]).
g(_, _) -> ok.
f(A) -> {receive W -> if X > 1 -> case ok of {Y, X} -> Y, ok, 1; _ -> 1, 1 end, (ok andalso Z); true -> (Y = ok) end, [receive {Z, Z} -> X after Y -> ok end || _ <- A, ok], W after Z -> (Y = X), A, (catch case A of W -> ok; _ -> A end) end, A}, A.
