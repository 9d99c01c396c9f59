-module(s244).
-export([f/1]).
g(_, _) -> ok.
f(A) -> receive Z -> if Z > 1 -> (catch if Y > 1 -> 1; true -> X end), ok; true -> begin (Y = Z), try Z, 1, A of Y -> ok, A catch _:X -> A, Y, 1 end, ok end, begin (fun(X) -> A, W, Y end) end, 1 end after X -> begin try (Z = Y) of [Y | _] -> {A, A} catch _:Z -> (Y = A) end end, g(receive Y -> receive [Y | _] -> ok after Z -> 1, 1 end, Z after W -> (catch ok), (X = X), if Y > 1 -> W, 1; true -> Z, Y end end, ok), g((begin Y end andalso [A || Z <- Z, 1]), begin (ok andalso W), (catch 1), (A andalso A) end) end, A, Z.
