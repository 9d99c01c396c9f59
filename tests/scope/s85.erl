-module(s85).
-export([f/1]).
g(_, _) -> ok.
f(A) -> case try (fun(Y) -> (W andalso ok), {Y, Z}, Y end) of [W | _] -> if X > 1 -> 1, if Y > 1 -> Z; true -> 1, 1 end; true -> (A andalso A), A end, ((A andalso 1) andalso begin 1 end), A catch _:W -> (catch if Y > 1 -> X, Z; true -> A, X, Z end) end of _ -> Z; _ -> W end.
