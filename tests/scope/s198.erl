-module(s198).
-export([f/1]).
g(_, _) -> ok.
f(A) -> {W, try A, receive _ -> Y, begin ok end after Y -> {W, Z} end of Y -> receive Z -> (fun(W) -> A end), A, Z after Y -> A, case 1 of W -> Z; _ -> 1, 1 end, X end, (Z = try A of W -> ok, A catch _:Y -> A, X, X end), (catch {X, A}) catch _:X -> (ok andalso A) end}.
