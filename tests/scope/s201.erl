-module(s201).
-export([f/1]).
g(_, _) -> ok.
f(A) -> [ok || {Z, W} <- (if W > 1 -> try X, ok, ok of {Z, W} -> A catch _:W -> ok end; true -> Y, (catch 1) end andalso try if W > 1 -> 1, X; true -> ok end, ok of {Z, Z} -> if X > 1 -> X; true -> Z, 1 end, (W = ok) catch _:W -> if Y > 1 -> A; true -> 1 end end), begin (X = try ok, W of _ -> A, ok catch _:W -> ok end), 1, [A || [Z | _] <- ok, receive {Z, Z} -> ok, W, X after Y -> ok end] end].
