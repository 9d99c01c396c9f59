-module(s187).
-export([f/1]).
g(_, _) -> ok.
f(A) -> receive X -> {{if W > 1 -> 1, Z; true -> A, 1 end, g(A, 1)}, ok}, (Y = (fun(Z) -> (catch W), g(A, 1) end)), A after Z -> (W = ok) end, (Z = try X, 1 of [X | _] -> g(case 1 of Y -> ok, Y; _ -> A end, (catch 1)) catch _:X -> Y end).
