-module(expr_lc).
-export([lc/1]).

lc(L) ->
    A = [X || X <- L],
    B = [X * 2 || X <- L, X > 0],
    C = [{X, Y} || X <- L, Y <- L, X < Y],
    D = [X || {ok, X} <- L],
    E = [X || X <- L, is_integer(X), X rem 2 =:= 0],
    F = [[Y || Y <- lists:seq(1, X)] || X <- L],
    G = [X || <<X:8>> <= <<1$a, 2, 3>>],
    H = [{K, V} || <<K:4, V:4>> <= <<16#12, 16#34>>, K > 0],
    I = [X || X <- [1, 2, 3], true],
    J = [ok || _ <- L],
    K = [X + Y || X <- L, Y <- L, Z <- [X + Y], Z > 2, W <-  [Z], W < 10],
    M = [X || #{k := X} <- L],
    N = [X || [X | _] <- L],
    {A, B, C, D, E, F, G, H, I, J, K, M, N}.
