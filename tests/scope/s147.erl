-module(s147).
-export([f/1]).
g(_, _) -> ok.
f(A) -> [{ok, {[A || Y <- A, Y], ok}} || _ <- try try A, ok, try ok, A, ok of X -> 1, ok, A catch _:Z -> X, A end of Y -> (fun(X) -> 1, ok end) catch _:W -> (catch 1), (fun(W) -> Y end) end, (1 andalso [ok || X <- Z, A]), A of W -> (fun(X) -> Y, Z end), {try 1, 1 of {X, Y} -> ok, 1, 1 catch _:W -> ok end, try 1 of Z -> ok, 1 catch _:Y -> ok end}, [W || {Z, Z} <- try ok, A of {Z, W} -> ok catch _:Y -> A, W, Y end, Y] catch _:W -> ok end, 1], A, (receive X -> W, 1 after Z -> (Z = begin 1 end), [(fun(W) -> X, 1 end) || _ <- (X = ok), [ok || W <- ok, 1]], begin 1 end end andalso g(W, [[1 || {Z, Y} <- 1, W] || Y <- A, g(A, 1)])).
