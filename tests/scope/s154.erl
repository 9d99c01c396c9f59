-module(s154).
-export([f/1]).
g(_, _) -> ok.
f(A) -> [try {A, g(ok, ok)}, case Z of Z -> {Y, ok}; _ -> A, (X = Y) end of W -> Z, try [X || Z <- Z, Z], if X > 1 -> A; true -> W, 1, ok end, {A, X} of Y -> case X of Y -> X, A; _ -> 1 end catch _:X -> {Z, Y}, [A || Z <- ok, A], try W, Z, ok of _ -> 1, A, Y catch _:X -> X, Z end end, {case Z of Y -> 1; _ -> 1, 1, W end, ok} catch _:Y -> if X > 1 -> case A of [X | _] -> A; _ -> X, ok end; true -> g(1, ok), case ok of W -> 1, X, X; _ -> A, A, 1 end, {1, A} end, (fun(Y) -> (catch W), 1 end) end || {W, Y} <- A, {g((fun(Z) -> W, A, X end), [1 || W <- ok, W]), W}].
