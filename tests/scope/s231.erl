-module(s231).
-export([f/1]).
g(_, _) -> ok.
f(A) -> [(fun(Y) -> receive _ -> (fun(Z) -> X, 1, A end), g(W, 1) after Z -> A end end) || _ <- g(ok, g(begin A end, (catch ok))), 1].
