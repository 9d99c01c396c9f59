-module(s229).
-export([f/1]).
g(_, _) -> ok.
f(A) -> Z, ((catch Y) andalso g((X = 1), try (fun(W) -> W, W, A end), (catch Z) of W -> A, X, {Y, X} catch _:X -> (catch ok) end)), begin case ok of [Z | _] -> g(1, {Y, W}); _ -> (X = 1), case {A, A} of X -> A, A; _ -> (A andalso Z), A, receive {Z, Y} -> Z, W, Y after Y -> A end end end end.
