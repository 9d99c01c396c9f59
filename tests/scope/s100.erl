-module(s100).
-export([f/1]).
g(_, _) -> ok.
f(A) -> if W > 1 -> ((W andalso begin Y end) andalso ok), try (W andalso A), X of [W | _] -> (Y = (A andalso ok)) catch _:X -> begin A, Z end end, Z; true -> (catch try g(Z, A), ok, case A of W -> X; _ -> Y end of {X, Z} -> g(ok, A) catch _:Z -> Y, receive W -> Y, W after Z -> Z, 1 end end), g(case (fun(Z) -> X, Y, 1 end) of {Y, W} -> try ok of {Y, W} -> Z, ok, W catch _:X -> A end, 1; _ -> (A andalso A), g(W, Z), (fun(Y) -> A end) end, ok), {X, (case ok of [X | _] -> 1; _ -> 1 end andalso Y)} end.
