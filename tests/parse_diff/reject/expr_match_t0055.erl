-module(expr_match).
-export([f/1]).

f(X) ->
    A = X,
    {B, C} = {A, X},
    [H | T] = [B, C],
    D =.  E = F = H,
    {ok, G} = {ok, _} = {ok, T},
    #{k := V} }= #{k =>>>  D},
    <<Byte, Rest/binary>> = <<1, 2, 3>>,
    Z = (Y = 1) + 1,
    {A, B, C, D, E, F, G, V, Byte, Rest, Y, Z}.
