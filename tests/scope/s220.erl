-module(s220).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g(ok, g({[A || [X | _] <- Z, X], try A, Y of X -> A catch _:W -> A, ok end}, case (catch X) of Z -> receive Y -> 1, Z after Y -> Z, X, 1 end; _ -> X end)), X, ({begin (catch W), {A, W}, (Z = Y) end, 1} andalso Y).
