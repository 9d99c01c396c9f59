-module(s107).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g({if W > 1 -> (catch 1), A, Z; true -> ok end, ok}, try [(catch 1) || Y <- receive [W | _] -> ok after W -> W, ok, 1 end, 1] of Z -> ([ok || _ <- W, X] andalso [ok || Z <- Z, A]), Y, ok catch _:X -> 1, (catch Y), g(1, ok) end).
