-module(erl_map_eq_big).
-export([main/0]).

%% Equality of large maps (hash maps of 12,000 keys): the comparison
%% builtins and instructions compare them pair by pair over several calls
%% (docs/builtins.md): keys exactly, values by the operator's own rule.
mk(N, F) -> maps:from_list([{K, F(K)} || K <- lists:seq(1, N)]).

main() ->
    A = mk(12000, fun(K) -> K end),
    B = mk(12000, fun(K) -> K end),
    C = maps:put(7777, x, B),
    D = maps:remove(5, maps:put(12001, 5, B)),
    E = mk(12000, fun(K) -> float(K) end),
    F = mk(12000, fun(K) -> [K, {K}] end),
    G = mk(12000, fun(K) -> [K, {K}] end),
    H = maps:put({x}, y, maps:remove(99, G)),
    FK = maps:from_list([{float(K), K} || K <- lists:seq(1, 12000)]),
    [A == B, A =:= B, A /= B, A =/= B, A == C, A =:= C, A == D, A =:= D, A == E, A =:= E, A /= E, A =/= E,
     F == G, F =:= G, F == H, G =:= H, A == FK, A =:= FK,
     case A of B -> same; _ -> diff end,
     case A of C -> same; _ -> diff end,
     case A of E -> same; _ -> diff end,
     erlang:'=='(A, E), erlang:'=:='(A, E), erlang:'/='(F, H), erlang:'=/='(F, G),
     [X || X <- [C, D, E, B, A], X =:= A] =:= [B, A]].
