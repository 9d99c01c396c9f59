-module(s115).
-export([f/1]).
g(_, _) -> ok.
f(A) -> 1, (begin Z, if Y > 1 -> A; true -> Y end, begin g(1, ok), (Z andalso 1), A end end andalso Y).
