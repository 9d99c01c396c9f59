%% lib/sets.erl — OTP 25's sets for Hyperlang. Version 1 (the default in
%% OTP 25) is the same linear hash table as dict (segments of 16 buckets,
%% slots from erlang:phash/2, the same growth and shrink points), buckets
%% holding bare elements, so its structure and to_list/fold order equal
%% OTP's. Version 2 (sets:new([{version, 2}])) is a map Element => [].
%% Elements match with =:=. Written for Hyperlang from the algorithm's
%% description, not copied.
-module(sets).
-export([new/0, new/1, is_set/1, size/1, is_empty/1, to_list/1, from_list/1,
         from_list/2, is_element/2, add_element/2, del_element/2, union/2,
         union/1, intersection/2, intersection/1, is_disjoint/2, subtract/2,
         is_subset/2, fold/3, filter/2]).


-record(set, {size = 0 :: non_neg_integer(),        % elements
              n = 16 :: non_neg_integer(),   % active slots
              maxn = 16 :: pos_integer(),    % slots the hash range covers
              bso = 8 :: non_neg_integer(), % buddy slot offset
              exp_size = 80 :: non_neg_integer(),
              con_size = 48 :: non_neg_integer(),
              empty :: tuple(),                      % an empty segment
              segs :: tuple()}).

new() ->
    Empty = {[], [], [], [], [], [], [], [], [], [], [], [], [], [], [], []},
    #set{empty = Empty, segs = {Empty}}.

new([{version, 2}]) -> #{};
new(Opts) ->
    case proplists:get_value(version, Opts, 1) of
        1 -> new();
        2 -> new([{version, 2}])
    end.

from_list(List) -> lists:foldl(fun(E, S) -> add_element(E, S) end, new(), List).

from_list(List, [{version, 2}]) -> lists:foldl(fun(E, M) -> M#{E => []} end, #{}, List);
from_list(List, Opts) ->
    case proplists:get_value(version, Opts, 1) of
        1 -> from_list(List);
        2 -> from_list(List, [{version, 2}])
    end.

is_set(#{}) -> true;
is_set(#set{}) -> true;
is_set(_) -> false.

size(S) -> set_size(S).

set_size(#{} = M) -> erlang:map_size(M);
set_size(#set{size = N}) -> N.

is_empty(#{} = M) -> erlang:map_size(M) =:= 0;
is_empty(#set{size = N}) -> N =:= 0.

to_list(#{} = M) -> map_keys(M);
to_list(#set{} = S) -> fold(fun(E, Acc) -> [E | Acc] end, [], S).

is_element(E, #{} = M) -> erlang:is_map_key(E, M);
is_element(E, #set{} = S) -> lists:member(E, bucket(S, slot(S, E))).

add_element(E, #{} = M) -> M#{E => []};
add_element(E, #set{} = S0) ->
    Slot = slot(S0, E),
    B = bucket(S0, Slot),
    case lists:member(E, B) of
        true -> S0;
        false -> expand(put_bucket(S0, Slot, [E | B]))
    end.

del_element(E, #{} = M) -> map_remove(E, M);
del_element(E, #set{} = S0) ->
    Slot = slot(S0, E),
    B = bucket(S0, Slot),
    case lists:member(E, B) of
        false -> S0;
        true -> contract(put_bucket(S0, Slot, lists:delete(E, B)), 1)
    end.

union(#{} = M1, #{} = M2) -> map_merge(M1, M2);
union(S1, S2) ->
    case set_size(S1) < set_size(S2) of
        true -> fold(fun(E, S) -> add_element(E, S) end, S2, S1);
        false -> fold(fun(E, S) -> add_element(E, S) end, S1, S2)
    end.

union([S1, S2 | Ss]) -> union_all(union(S1, S2), Ss);
union([S]) -> S;
union([]) -> new().

union_all(Acc, [S | Ss]) -> union_all(union(Acc, S), Ss);
union_all(Acc, []) -> Acc.

intersection(#{} = M1, #{} = M2) ->
    case erlang:map_size(M1) < erlang:map_size(M2) of
        true -> map_filter(fun(E) -> erlang:is_map_key(E, M2) end, M1);
        false -> map_filter(fun(E) -> erlang:is_map_key(E, M1) end, M2)
    end;
intersection(S1, S2) ->
    case set_size(S1) < set_size(S2) of
        true -> filter(fun(E) -> is_element(E, S2) end, S1);
        false -> filter(fun(E) -> is_element(E, S1) end, S2)
    end.

intersection([S1, S2 | Ss]) -> intersection_all(intersection(S1, S2), Ss);
intersection([S]) -> S.

intersection_all(Acc, [S | Ss]) -> intersection_all(intersection(Acc, S), Ss);
intersection_all(Acc, []) -> Acc.

is_disjoint(#{} = M1, #{} = M2) ->
    {Small, Big} = case erlang:map_size(M1) < erlang:map_size(M2) of
                       true -> {M1, M2};
                       false -> {M2, M1}
                   end,
    not lists:any(fun(E) -> erlang:is_map_key(E, Big) end, map_keys(Small));
is_disjoint(S1, S2) ->
    case set_size(S1) < set_size(S2) of
        true -> fold(fun(_, false) -> false; (E, true) -> not is_element(E, S2) end, true, S1);
        false -> fold(fun(_, false) -> false; (E, true) -> not is_element(E, S1) end, true, S2)
    end.

subtract(#{} = M1, #{} = M2) -> map_filter(fun(E) -> not erlang:is_map_key(E, M2) end, M1);
subtract(S1, S2) -> filter(fun(E) -> not is_element(E, S2) end, S1).

is_subset(#{} = M1, #{} = M2) ->
    erlang:map_size(M1) =< erlang:map_size(M2) andalso
        lists:all(fun(E) -> erlang:is_map_key(E, M2) end, map_keys(M1));
is_subset(S1, S2) -> fold(fun(E, Sub) -> Sub andalso is_element(E, S2) end, true, S1).

fold(F, Acc, #{} = M) when is_function(F, 2) -> maps:fold(fun(E, _, A) -> F(E, A) end, Acc, M);
fold(F, Acc, #set{segs = Segs}) when is_function(F, 2) ->
    fold_segs(F, Acc, Segs, erlang:tuple_size(Segs)).

%% Last segment first, last bucket first, each bucket front to back.
fold_segs(F, Acc, Segs, I) when I >= 1 ->
    Seg = erlang:element(I, Segs),
    fold_segs(F, fold_seg(F, Acc, Seg, erlang:tuple_size(Seg)), Segs, I - 1);
fold_segs(_, Acc, _, _) -> Acc.

fold_seg(F, Acc, Seg, I) when I >= 1 ->
    fold_seg(F, fold_bucket(F, Acc, erlang:element(I, Seg)), Seg, I - 1);
fold_seg(_, Acc, _, _) -> Acc.

fold_bucket(F, Acc, [E | B]) -> fold_bucket(F, F(E, Acc), B);
fold_bucket(_, Acc, []) -> Acc.

filter(F, #{} = M) when is_function(F, 1) -> map_filter(F, M);
filter(F, #set{} = S) when is_function(F, 1) ->
    {Segs, Removed} = filter_segs(F, erlang:tuple_to_list(S#set.segs), [], 0),
    contract(S#set{segs = erlang:list_to_tuple(Segs)}, Removed).

filter_segs(F, [Seg | Segs], Acc, Removed0) ->
    {Buckets, Removed} = filter_buckets(F, erlang:tuple_to_list(Seg), [], Removed0),
    filter_segs(F, Segs, [erlang:list_to_tuple(Buckets) | Acc], Removed);
filter_segs(_, [], Acc, Removed) -> {lists:reverse(Acc), Removed}.

filter_buckets(F, [B | Bs], Acc, Removed0) ->
    {B1, Removed} = filter_bucket(F, B, [], Removed0),
    filter_buckets(F, Bs, [B1 | Acc], Removed);
filter_buckets(_, [], Acc, Removed) -> {lists:reverse(Acc), Removed}.

%% The kept elements come out in reverse bucket order, as in OTP.
filter_bucket(F, [E | B], Acc, Removed) ->
    case F(E) of
        true -> filter_bucket(F, B, [E | Acc], Removed);
        false -> filter_bucket(F, B, Acc, Removed + 1)
    end;
filter_bucket(_, [], Acc, Removed) -> {Acc, Removed}.

%% Version 2 helpers over the map (keys in maps:keys/1's order, which is
%% OTP's, so to_list and fold of a version 2 set list elements as OTP does).
map_keys(M) -> maps:keys(M).

map_remove(E, M) -> maps:remove(E, M).

map_merge(M1, M2) -> maps:merge(M1, M2).

map_filter(F, M) ->
    lists:foldl(fun(E, Acc) ->
                        case F(E) of
                            true -> Acc#{E => []};
                            false -> Acc
                        end
                end, #{}, map_keys(M)).

%% The hash table, as in dict.
slot(S, E) ->
    H = erlang:phash(E, S#set.maxn),
    if H > S#set.n -> H - S#set.bso;
       true -> H
    end.

bucket(S, Slot) -> bucket_s(S#set.segs, Slot).

bucket_s(Segs, Slot) ->
    erlang:element((Slot - 1) rem 16 + 1, erlang:element((Slot - 1) div 16 + 1, Segs)).

put_bucket_s(Segs, Slot, B) ->
    SegI = (Slot - 1) div 16 + 1,
    Seg = erlang:setelement((Slot - 1) rem 16 + 1, erlang:element(SegI, Segs), B),
    erlang:setelement(SegI, Segs, Seg).

put_bucket(S, Slot, B) -> S#set{segs = put_bucket_s(S#set.segs, Slot, B)}.

expand(S0) when S0#set.size + 1 > S0#set.exp_size ->
    S = more_segs(S0),
    N = S#set.n + 1,
    Segs0 = S#set.segs,
    Slot1 = N - S#set.bso,
    {B1, B2} = rehash(bucket_s(Segs0, Slot1), Slot1, N, S#set.maxn),
    Segs = put_bucket_s(put_bucket_s(Segs0, Slot1, B1), N, B2),
    S#set{size = S#set.size + 1, n = N, exp_size = N * 5,
          con_size = N * 3, segs = Segs};
expand(S) -> S#set{size = S#set.size + 1}.

more_segs(S) when S#set.n =:= S#set.maxn ->
    Segs = S#set.segs,
    S#set{maxn = 2 * S#set.maxn, bso = 2 * S#set.bso,
          segs = erlang:list_to_tuple(erlang:tuple_to_list(Segs) ++
                                      lists:duplicate(erlang:tuple_size(Segs), S#set.empty))};
more_segs(S) -> S.

contract(S, Removed) when S#set.size - Removed < S#set.con_size, S#set.n > 16 ->
    N = S#set.n,
    Slot1 = N - S#set.bso,
    Segs0 = S#set.segs,
    B1 = bucket_s(Segs0, Slot1),
    B2 = bucket_s(Segs0, N),
    Segs = put_bucket_s(put_bucket_s(Segs0, Slot1, B1 ++ B2), N, []),
    N1 = N - 1,
    fewer_segs(S#set{size = S#set.size - Removed, n = N1, exp_size = N1 * 5,
                     con_size = N1 * 3, segs = Segs});
contract(S, Removed) -> S#set{size = S#set.size - Removed}.

fewer_segs(S) when S#set.n =:= S#set.bso ->
    Segs = S#set.segs,
    S#set{maxn = S#set.maxn div 2, bso = S#set.bso div 2,
          segs = erlang:list_to_tuple(lists:sublist(erlang:tuple_to_list(Segs), 1,
                                                    erlang:tuple_size(Segs) div 2))};
fewer_segs(S) -> S.

rehash([E | B], Slot1, Slot2, MaxN) ->
    {L1, L2} = rehash(B, Slot1, Slot2, MaxN),
    case erlang:phash(E, MaxN) of
        Slot1 -> {[E | L1], L2};
        Slot2 -> {L1, [E | L2]}
    end;
rehash([], _, _, _) -> {[], []}.
