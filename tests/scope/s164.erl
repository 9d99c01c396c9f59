-module(s164).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (catch receive X -> receive Z -> {X, X}, case Y of Y -> W, 1; _ -> Z end after X -> (fun(X) -> 1, Z end), begin A end end, g(case X of {X, X} -> ok, ok, 1; _ -> ok end, ok) after W -> [{Y, ok} || [X | _] <- receive W -> W, Z after Z -> 1, 1, W end, (fun(Z) -> A, 1, ok end)] end).
