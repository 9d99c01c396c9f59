-module(s116).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g(ok, try receive X -> Z, (W andalso ok) after X -> try ok, W, ok of Y -> Y, W catch _:X -> Z, 1 end, (Y = A), {ok, 1} end, (fun(X) -> (catch Y), (fun(Z) -> X end) end) of Y -> (catch 1), (ok andalso {Z, 1}) catch _:W -> [(W = W) || {Y, Y} <- Y, (catch ok)], Z, W end), A, Z.
