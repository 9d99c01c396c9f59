-module(s158).
-export([f/1]).
g(_, _) -> ok.
f(A) -> try Z of X -> (X = X) catch _:X -> case (case X of [X | _] -> 1, 1, 1; _ -> Y, ok end andalso (catch 1)) of _ -> ok; _ -> X, [(Z = ok) || [Y | _] <- [Y || X <- 1, ok], {ok, ok}], g((fun(Y) -> A end), Y) end, (Z = (g(1, ok) andalso X)) end, X, (Y = try ((fun(X) -> ok, 1 end) andalso (fun(Y) -> A, Y end)) of Z -> (catch (A andalso Y)), 1 catch _:X -> Z, 1, [case Z of Z -> A; _ -> W end || Z <- receive Z -> Y, Y after Y -> X end, [Y || Z <- 1, W]] end).
