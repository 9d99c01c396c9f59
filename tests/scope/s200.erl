-module(s200).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g(if Z > 1 -> g(1, try ok of X -> W, ok catch _:Y -> A end); true -> (fun(X) -> begin Z end end), {begin X, Z end, (catch X)}, (catch case W of X -> Z, ok; _ -> A, ok end) end, (X = (catch (Z = Y)))).
