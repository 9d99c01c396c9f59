-module(s232).
-export([f/1]).
g(_, _) -> ok.
f(A) -> 1, if W > 1 -> case (fun(Z) -> ok, begin A end, (catch ok) end) of {W, Y} -> (catch 1), 1, 1; _ -> ok, begin Y, (X andalso W) end end; true -> if W > 1 -> if W > 1 -> (Z andalso ok); true -> (1 andalso W), begin X end end; true -> ((catch Z) andalso try A, 1, W of [X | _] -> 1 catch _:Z -> A, 1 end), X end end.
