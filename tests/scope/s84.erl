-module(s84).
-export([f/1]).
g(_, _) -> ok.
f(A) -> X, begin {((fun(Y) -> ok, Y, A end) andalso if X > 1 -> Z, 1; true -> A, ok, Y end), A}, {(begin ok end andalso receive X -> ok, 1, 1 after Z -> ok, 1, ok end), X} end, ok.
