-module(s224).
-export([f/1]).
g(_, _) -> ok.
f(A) -> {ok, begin A, 1, ok end}.
