-module(s177).
-export([f/1]).
g(_, _) -> ok.
f(A) -> receive W -> begin g(g(X, 1), (W andalso Z)), case Z of _ -> (fun(Z) -> A, Z, ok end), 1; _ -> A, 1, (fun(X) -> ok, 1, X end) end, ok end after W -> ok end.
