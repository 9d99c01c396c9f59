-module(s94).
-export([f/1]).
g(_, _) -> ok.
f(A) -> ok, begin (catch (catch (W = ok))), try [begin ok end || {Z, X} <- [A || [X | _] <- ok, Z], if W > 1 -> X, X, Y; true -> Y end], {begin 1 end, [ok || [W | _] <- 1, Z]}, (Y = try 1, ok, W of Y -> X, X catch _:W -> ok, 1 end) of X -> g((A andalso ok), {Y, X}), if W > 1 -> Z, Y; true -> ok, {A, Z}, X end, (ok andalso {X, ok}) catch _:W -> {Z, g(1, W)} end end, (X andalso {W, receive _ -> begin A, Z, X end, (A andalso A) after Y -> (catch W), (ok andalso 1) end}).
