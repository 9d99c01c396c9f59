-module(if_basic).
-export([main/0]).
main() -> [sign(X) || X <- [-2, 0, 7]].
sign(X) ->
    if X < 0 -> neg;
       X =:= 0 -> zero;
       true -> pos
    end.
