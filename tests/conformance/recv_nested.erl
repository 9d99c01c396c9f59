-module(recv_nested).
-export([main/0]).
%% Receives nested in functions, in after bodies, in clause bodies of case,
%% in funs and list comprehensions; variables bound before a receive are
%% used in its timeout and after body.
main() ->
    F = fun(N) -> receive after 0 -> N * 2 end end,
    L = [receive after 0 -> X + 1 end || X <- [1, 2, 3]],
    Deep = receive after 0 -> receive after 1 -> receive after 0 -> deep end end end,
    K = case length(L) of
            3 -> receive after 0 -> three end;
            _ -> other
        end,
    {F(21), L, Deep, K, outer(5), lists:map(F, [1, 2])}.

outer(N) ->
    Acc = inner(N, []),
    receive after 0 -> {N, Acc} end.

inner(0, Acc) -> Acc;
inner(N, Acc) ->
    V = receive after 0 -> N end,
    inner(N - 1, [V | Acc]).
