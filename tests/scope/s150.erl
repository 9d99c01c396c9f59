-module(s150).
-export([f/1]).
g(_, _) -> ok.
f(A) -> try {1, g({X, 1}, begin Y, 1 end)} of {W, W} -> receive W -> W after Z -> A end, (catch case case ok of X -> ok, X; _ -> ok, Y end of [W | _] -> (fun(Z) -> ok end); _ -> (W andalso A) end), W catch _:Z -> X, A end, X.
