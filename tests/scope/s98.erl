-module(s98).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (Z = {W, begin (X = Z), g(A, 1), if Y > 1 -> A, 1, A; true -> ok end end}), (begin (1 andalso g(ok, ok)), 1, A end andalso (fun(X) -> try (ok andalso ok), (catch ok), {X, A} of Y -> A, begin A end, try ok of Z -> A, X, 1 catch _:W -> Y, ok, X end catch _:W -> case W of {Z, W} -> W, 1; _ -> ok, 1 end, 1, A end, Z end)).
