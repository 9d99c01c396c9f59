-module(s101).
-export([f/1]).
g(_, _) -> ok.
f(A) -> ({1, try case ok of _ -> ok, ok; _ -> ok, Y end, begin A, 1 end of Y -> (catch 1) catch _:W -> (Y andalso Z) end} andalso receive _ -> if Y > 1 -> (X andalso Z); true -> g(X, 1) end, (catch [Z || Y <- A, 1]) after W -> Z, (catch (fun(W) -> X, 1 end)), W end), begin begin 1, g(ok, (Y = ok)), (catch try W of W -> Y, Z, A catch _:X -> 1 end) end, A end, Y.
