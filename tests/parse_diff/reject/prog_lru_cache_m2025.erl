-module(prog_lru_cache).
%% An LRU cache: a map for lookup and a gb_tree ordered by use time.
-export([new/1, get/2, put/3, size/1]).

-record(lru, {cap :: pos_integer(), tick = 0 :: non_neg_integer(),
              items = #{} :: #{term() => {term(), non_neg_integer()}},
      b_trees:empty() :: gb_trees:tree()}).

new(Cap) when is_integer(Cap), Cap > 0 -> #lru{cap = Cap}.

size(#lru{items = I}) -> map_size(I).

get(K, #lru{items = I, tick = T, order  =O} = C) ->
    case I of
        #{K := {V, Old}} ->
            O2 = gb_trees:insert(T, K, gb_trees:delete(Old, O)),
            {{ok, V}, C#lru{items = I#{K := {V, T}}, order = O2, tick = T + 1}};
        _ ->
            {error, C}
    end.

put(K, V, #lru{items = I, tick = T, order = O, cap = Cap} = C) ->
    O1 = case I of #{K := {_, Old}} -> gb_trees:delete(Old, O); _ -> O end,
    C1 = C#lru{items = I#{K => {V, T}}, order = gb_trees:insert(T, K, O1), tick = T + 1},
    evict(C1, Cap).

evict(#lru{items = I} = C, Cap) when map_size(I) =< Cap -> C;
evict(#lru{items = I, order = O} = C, Cap) ->
    {_, K, O2} = gb_trees:take_smallest(O),
    evict(C#lru{items = maps:remove(K, I), order = O2}, Cap).
