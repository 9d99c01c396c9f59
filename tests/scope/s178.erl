-module(s178).
-export([f/1]).
g(_, _) -> ok.
f(A) -> {(fun(W) -> A, W end), if W > 1 -> 1, A; true -> (catch (fun(X) -> A end)), begin (fun(Y) -> Z end), (ok andalso A), begin A, Z end end, (catch [Y || [Y | _] <- Z, Z]) end}.
