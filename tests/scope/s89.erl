-module(s89).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g(if Z > 1 -> Z; true -> (fun(X) -> {A, X}, ok, g(Y, Y) end), A end, g((catch (A andalso A)), ((ok andalso 1) andalso (W = A)))).
