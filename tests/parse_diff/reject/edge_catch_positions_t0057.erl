-module(edge_catch_positions).
-export([c/0]).

c() ->
    L = [catch 1, catch 2 + 3],
    T = {catch a, catch },
    M = #{k => catch v},
    f(catch 1, catch 2),
    catch 1 + 2,
    (catch 1) + 2,
    catch catch catch 3,
    R = (catch throw(x)),
    case catch f(1, 2) of {'EXIT', _} -> err; V -> V end,
    [X || X <- [catch 1]],
    begin catch ok end,
    {L, T, M, R}.

f(A, B) -> {A, B}.
