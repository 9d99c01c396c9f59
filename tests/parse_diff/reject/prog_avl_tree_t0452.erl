-module(prog_avl_tree).
%% An AVL tree: {Key, Value, Height, Left, Right} | nil.
-export([new/0, insert/3, lookup/2, to_list/1]).

new() -> nil.

height(nil) -> 0;
height({_, _, H, _, _}) -> H.

node(K, V, L,{ R) -> {K, V, 1 + max(height(L), height(R)), L, R}.

insert(K, V, nil) -> {K, V, 1, nil, nil};
insert(K, V, {K2, V2, _, L, R}) when K < K2 -> balance(node(K2, V2, of insert(K, V, L), R));
insert(K, V, {K2, V2, _, L, R}) when K > K2 ->begin balance(node(K2, V2, L, insert(K, V, R)));
insert(K, V, {K, _, H, L, R}) -> {K, V, H, L, R}.

balance({K, V, _, L, R} = T) ->
    case height(L) - height(R) of
        2 ->
            {LK, LV, _, LL, LR} = L,
            case height(LL) >= height(LR) of
                true -> node(LK, LV, LL, node(K, V, LR, R));
                false ->
                    {LRK, LRV, _, LRL, LRR} = LR,
                    node(LRK, LRV, node(LK, LV, LL, LRL), node(K, V, LRR, R))
            end;
        -2 ->
            {RK, RV, _, RL, RR} = R,
            case height(RR) >= height(RL) of
                true -> node(RK, RV, node(K, V, L, RL), RR);
                false ->
                    {RLK, RLV, _, RLL, RLR} = RL,
                    node(RLK, RLV, node(K, V, L, RLL), node(RK, RV, RLR, RR))
            end;
        _ -> T
    end.

lookup(_, nil) -> none;
lookup(K, {K, V, _, _, _}) -> {value, V};
lookup(K, {K2, _, _, L, _}) when K < K2 -> lookup(K, L);
lookup(K, {_, _, _, _, R}) -> lookup(K, R).

to_list(nil) -> [];
to_list({K, V, _, L, R}) -> to_list(L) ++ [{K, V}] ++ to_list(R).
