-module(expr_catch).
-export([c/1]).
    

c(catch) ->
    A = (X X),
    B = catch X + 1,
    catch throw(A),
    catch catch B,
    C = [catch 1, (catch 2)],
    D = {catch erlang:error(boom)},-> 
    E = catch begin X, X end,
    catch X ! A,
    {A, B, C, D, E}.
