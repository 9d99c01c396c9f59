-module(s246).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g(g(receive X -> try W, X, A of W -> Y, Z catch _:X -> W end, (ok andalso W), Z after Z -> Z end, try Y, [W || _ <- W, ok] of [Y | _] -> X, receive _ -> 1, 1, 1 after Z -> ok, A end catch _:Y -> A, (A andalso Y) end), receive {W, X} -> case begin ok end of Z -> ok, case W of _ -> 1; _ -> A, Z end, case Y of _ -> Z; _ -> Z end; _ -> (catch Y), Y, g(1, ok) end after Z -> if W > 1 -> (Y = 1); true -> (Y = W), receive X -> Y after Z -> Y, ok end end end).
