-module(s64).
-export([f/1]).
g(_, _) -> ok.
f(A) -> X, g(begin begin W end end, case (X = Z) of {X, X} -> try (ok andalso X), try Y of [X | _] -> X, Y, 1 catch _:Z -> Y end of X -> (Y = ok) catch _:X -> g(A, A), receive {W, W} -> W, W after Y -> 1, 1 end, case ok of X -> ok; _ -> 1 end end, case Z of [W | _] -> (1 andalso Y); _ -> (catch Z), 1 end; _ -> X, begin begin 1 end, (catch ok) end, (fun(X) -> (catch ok) end) end).
