-module(s79).
-export([f/1]).
g(_, _) -> ok.
f(A) -> receive Y -> if X > 1 -> 1, A; true -> (catch {Z, W}) end, 1, 1 after Y -> X end.
