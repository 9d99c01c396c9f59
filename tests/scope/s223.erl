-module(s223).
-export([f/1]).
g(_, _) -> ok.
f(A) -> try begin case (X andalso 1) of _ -> case ok of [Z | _] -> ok, ok; _ -> 1, A, W end, (X = X); _ -> (W andalso 1) end, Y, 1 end, [(A andalso W) || Z <- (W andalso ok), begin (X = ok), begin 1 end, ok end] of Z -> [begin (X = A) end || Z <- [A || X <- A, ok], ok], try Z of X -> (A andalso (catch W)) catch _:W -> (fun(Z) -> W end), (A andalso receive [X | _] -> ok, 1 after Y -> A, ok, Y end) end, receive [Y | _] -> X after Z -> ok, begin try Y, A of {Y, Y} -> W, X catch _:Y -> W, Z end, g(A, Y), {A, Z} end end catch _:W -> (Y = Y), g(begin A, (Y = A) end, (Z = case 1 of Y -> W; _ -> W, Z, A end)), ((catch try Z of Y -> X, 1, 1 catch _:Y -> A, Y, Z end) andalso A) end, A.
