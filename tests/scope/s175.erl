-module(s175).
-export([f/1]).
g(_, _) -> ok.
f(A) -> A, {{(Z = receive Z -> 1 after Y -> Z, 1 end), A}, [(catch {ok, Y}) || [Y | _] <- begin g(X, 1), X, (Z andalso 1) end, receive [Y | _] -> try 1, 1 of [W | _] -> 1, 1 catch _:X -> ok, 1, A end after W -> [ok || _ <- 1, 1], try X, W, Y of W -> W catch _:Y -> 1, 1 end, try A, Y, ok of _ -> X, Z catch _:Z -> A, A end end]}.
