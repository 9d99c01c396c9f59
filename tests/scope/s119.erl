-module(s119).
-export([f/1]).
g(_, _) -> ok.
f(A) -> W, begin (catch (catch 1)) end.
