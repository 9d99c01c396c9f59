-module(s48).
-export([f/1]).
g(_, _) -> ok.
f(A) -> ((catch (Y andalso begin A end)) andalso (Y andalso if W > 1 -> A, Z, (catch Z); true -> if Y > 1 -> 1, Z; true -> A end, [ok || Z <- ok, Z] end)), g(Y, A), begin {(X = 1), begin {ok, Y}, [1 || {Z, W} <- ok, X], A end}, 1, Y end.
