-module(s21).
-export([f/1]).
g(_, _) -> ok.
f(A) -> [{{(Y andalso X), try A of Z -> X, X, ok catch _:Y -> W end}, try begin A, 1, 1 end, (1 andalso ok), A of {X, Y} -> 1, (catch X), (fun(Y) -> W, ok, Y end) catch _:X -> g(1, W), Z end} || [W | _] <- Y, (fun(Y) -> [{Z, 1} || {Y, W} <- Y, X], W end)].
