-module(s163).
-export([f/1]).
g(_, _) -> ok.
f(A) -> receive Z -> (fun(Y) -> 1 end) after Y -> g(g(ok, 1), {begin A end, Y}) end, Y, [case if Z > 1 -> 1, g(A, Y); true -> ok end of _ -> (g(1, A) andalso W), receive [W | _] -> if X > 1 -> A, 1; true -> X, Y end, (fun(Z) -> X, Z end), try ok, Y of W -> ok catch _:X -> A end after Z -> case 1 of {Z, Z} -> ok, 1; _ -> W end, g(1, ok) end; _ -> ([1 || {W, Z} <- W, W] andalso [1 || _ <- 1, W]), Z, case A of W -> receive {Z, W} -> Y, W after W -> ok, A, Y end, (Y = Z); _ -> (Z = Y), {1, Y} end end || W <- Z, 1].
