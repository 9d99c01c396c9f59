-module(s110).
-export([f/1]).
g(_, _) -> ok.
f(A) -> receive W -> A, (X = case A of _ -> A; _ -> (Z andalso W) end), ok after Z -> Y, (catch (Z = (W = A))) end, begin ((catch [ok || X <- A, Y]) andalso begin (A andalso Y) end), Y, (Z andalso Z) end.
