-module(s118).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (catch Z), (W = receive Y -> (try W, 1, W of Z -> ok, 1, Y catch _:Z -> Y, A end andalso (Y andalso ok)), case try X of W -> 1 catch _:Z -> A, ok end of W -> begin ok, ok end; _ -> g(A, Z), receive {W, X} -> 1 after Z -> A end, (catch Z) end, g(begin A end, {Z, ok}) after Y -> (ok andalso (catch X)), case (1 andalso ok) of [X | _] -> 1, 1; _ -> A end, case try A, 1 of [Y | _] -> X catch _:W -> 1, X end of W -> case ok of [W | _] -> A, ok; _ -> ok, 1 end; _ -> (fun(X) -> Z, ok end), (Z andalso 1) end end), 1.
