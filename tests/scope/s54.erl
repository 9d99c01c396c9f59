-module(s54).
-export([f/1]).
g(_, _) -> ok.
f(A) -> (catch {{g(Y, A), (catch Z)}, (catch {X, X})}).
