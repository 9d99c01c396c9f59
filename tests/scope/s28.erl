-module(s28).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (if Y > 1 -> [W || [Y | _] <- try ok of [Z | _] -> A, ok, 1 catch _:X -> A, 1, 1 end, A]; true -> try receive W -> 1 after W -> A end of W -> begin W, ok end, (ok andalso X), (1 andalso X) catch _:Y -> case ok of W -> A, 1, 1; _ -> ok, 1 end end, begin Y end, try W of _ -> (fun(Z) -> A, 1 end), case A of Y -> ok, 1, ok; _ -> 1 end catch _:Z -> ok, (Z = A), if Z > 1 -> ok, A, A; true -> ok, ok end end end andalso (catch (ok andalso A))).
