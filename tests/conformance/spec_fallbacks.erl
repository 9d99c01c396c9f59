-module(spec_fallbacks).
-export([main/0]).
%% Values of every kind through the shapes the interpreter specialises at
%% load time (a variable against a small constant, a variable plus or minus
%% a small constant, frames of up to six slots and more): the specialised
%% handlers fall back to the generic ones for anything but small integers.
main() ->
    Vs = [0, 1, -1, 2, 1.5, 2.0, -0.5, (1 bsl 59) - 1, -(1 bsl 59), 1 bsl 70, -(1 bsl 70),
          a, [], [1], {1}, "x"],
    {[cmp(V) || V <- Vs], [arith(V) || V <- Vs], big_frame(1, 2, 3, 4, 5, 6, 7, 8)}.

cmp(V) -> {lt(V), ge(V), lt_neg(V)}.
lt(V) when V < 2 -> lt;
lt(_) -> not_lt.
ge(V) when V >= 2 -> ge;
ge(_) -> not_ge.
lt_neg(V) when V < -3 -> lt;
lt_neg(_) -> not_lt.

arith(V) ->
    {t(fun() -> V + 1 end), t(fun() -> V - 1 end), t(fun() -> V + 100000 end),
     t(fun() -> V - (-7) end), t(fun() -> 5 - V end), t(fun() -> V + V end)}.

t(F) ->
    try F() catch error:R -> {error, R} end.

big_frame(A, B, C, D, E, F, G, H) ->
    X = A + B, Y = C + D, Z = E + F, W = G + H,
    L = [X, Y, Z, W, A, B, C, D, E, F, G, H],
    {length(L), X * Y * Z * W, id(L)}.
id(L) -> L.
