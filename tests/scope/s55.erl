-module(s55).
-export([f/1]).
g(_, _) -> ok.
f(A) -> try (catch g(ok, [A || _ <- X, W])) of Y -> g(try (catch ok) of Z -> Y, W, if W > 1 -> X, 1; true -> ok, A end catch _:Z -> ok end, begin ok, (fun(X) -> 1 end) end) catch _:W -> ok, A, A end.
