-module(s16).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (catch {Y, Z}), receive Y -> ok, begin 1, ok, begin (catch Z) end end, try ok, if W > 1 -> {ok, A}, Y, (fun(X) -> ok, 1, X end); true -> (X = W) end of [Z | _] -> A catch _:Y -> ok end after W -> g((catch ok), (try X of Y -> ok, 1 catch _:W -> Y end andalso receive X -> W after W -> A end)) end.
