-module(erl_map_order_big).
-export([main/0]).

%% Ordering large maps (hash maps of 8,000 keys) of the same size, which
%% the comparisons do pair by pair over several calls without sorting the
%% keys (docs/builtins.md): the least key held by one map only decides,
%% else the value at the least key whose values differ; integer and float
%% keys (1 < 1.0 in map-key order), == vs =:= on values, nested maps.
mk(Ks, F) -> maps:from_list([{K, F(K)} || K <- Ks]).

main() ->
    N = 8000,
    Ks = lists:seq(1, N),
    A = mk(Ks, fun(K) -> K end),
    B = mk(Ks, fun(K) -> K end),
    SwapLo = maps:put(N + 1, x, maps:remove(1, A)),          % A holds 1, SwapLo does not
    SwapMid = maps:put(0, x, maps:remove(4000, A)),          % SwapMid holds 0, the least of all
    FloatKey = maps:put(1.0, 1, maps:remove(1, A)),          % 1 < 1.0 in map-key order
    ValLo = maps:put(2, 1, maps:put(6000, 0, A)),            % two values differ: key 2 decides
    ValFloat = mk(Ks, fun(K) -> float(K) end),               % == equal, =:= not
    ValFloatMix = maps:put(7, 6.5, ValFloat),
    Others = [B, SwapLo, SwapMid, FloatKey, ValLo, ValFloat, ValFloatMix],
    Nested = mk(Ks, fun(K) -> #{K => [K]} end),
    Nested2 = maps:put(500, #{500 => [501]}, Nested),
    L = [ValLo, A, SwapMid, SwapLo],
    Sorted = lists:sort(L),
    [[cmp(A, X) || X <- Others],
     [cmp(X, A) || X <- Others],
     cmp(Nested, Nested2), cmp(Nested2, Nested),
     [index(X, L) || X <- Sorted],
     max(A, ValLo) =:= A, min(SwapLo, A) =:= A].

cmp(X, Y) -> {X < Y, X >= Y, X == Y}.

index(X, [Y | _]) when X =:= Y -> 1;
index(X, [_ | T]) -> 1 + index(X, T).
