-module(s38).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g(1, 1), ok, receive X -> [(W = (ok andalso ok)) || W <- ok, {ok, Y}], Y, 1 after X -> (g((fun(X) -> X end), (W = W)) andalso receive {Z, Y} -> (catch ok) after Y -> W, g(A, A) end) end.
