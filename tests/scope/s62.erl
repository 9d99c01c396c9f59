-module(s62).
-export([f/1]).
g(_, _) -> ok.
f(A) -> 1, (fun(Y) -> Z, (W = (Z = begin A end)), (W = (catch (fun(W) -> W end))) end), (catch X).
