-module(s91).
-export([f/1]).
g(_, _) -> ok.
f(A) -> begin ok, (catch W), try case begin A, A end of Z -> (fun(Y) -> ok, A end); _ -> g(A, ok), try A, A, ok of Z -> A, Z, A catch _:W -> 1, Z, W end end, {{W, Z}, begin A, ok end} of {X, Z} -> try Y of _ -> A, 1 catch _:W -> Z end, (Y = g(ok, W)) catch _:Z -> (fun(Z) -> [Z || Y <- Z, ok], {A, Y}, Y end) end end.
