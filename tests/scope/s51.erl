-module(s51).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (ok andalso {((fun(Z) -> W, ok end) andalso if Z > 1 -> W, Y, X; true -> ok, Y, ok end), (begin A end andalso (Z andalso A))}).
