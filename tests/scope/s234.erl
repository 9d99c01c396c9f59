-module(s234).
-export([f/1]).
g(_, _) -> ok.
f(A) -> A, try {case ok of _ -> ok, Z, [1 || [Y | _] <- 1, X]; _ -> 1 end, W}, ok of _ -> ok, if X > 1 -> ({A, Y} andalso if Y > 1 -> ok, A; true -> ok end); true -> (W andalso Z), g({ok, ok}, g(W, X)), ok end, (Z = if Y > 1 -> (1 andalso ok), (Z = Z); true -> (fun(Z) -> A, X end), [A || W <- 1, ok], (1 andalso X) end) catch _:W -> 1, {g((Z = ok), (1 andalso 1)), W}, 1 end.
