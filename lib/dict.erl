%% lib/dict.erl — OTP 25's dict for Hyperlang: a linear hash table (Litwin's
%% dynamic hashing) in a record of segments of 16 buckets, each bucket a
%% list of [Key | Value] cells. Slots come from erlang:phash/2 (OTP's old
%% hash, a C builtin with OTP's values) and the table grows one slot at a
%% time at the same load factors, so the structure and therefore to_list and
%% fold order equal OTP's. Keys match with =:=. Written for Hyperlang from
%% the algorithm's description, not copied.
-module(dict).
-export([new/0, is_key/2, to_list/1, from_list/1, is_empty/1, size/1,
         fetch/2, find/2, fetch_keys/1, erase/2, take/2, store/3, append/3,
         append_list/3, update/3, update/4, update_counter/3, fold/3, map/2,
         filter/2, merge/3]).


-record(dict, {size = 0 :: non_neg_integer(),        % entries
               n = 16 :: non_neg_integer(),   % active slots
               maxn = 16 :: pos_integer(),    % slots the hash range covers
               bso = 8 :: non_neg_integer(), % buddy slot offset
               exp_size = 80 :: non_neg_integer(),
               con_size = 48 :: non_neg_integer(),
               empty :: tuple(),                      % an empty segment
               segs :: tuple()}).

new() ->
    Empty = empty_segment(),
    #dict{empty = Empty, segs = {Empty}}.

empty_segment() -> {[], [], [], [], [], [], [], [], [], [], [], [], [], [], [], []}.

is_key(Key, D) -> has_key(Key, bucket(D, slot(D, Key))).

has_key(Key, [[Key | _] | _]) -> true;
has_key(Key, [_ | Bucket]) -> has_key(Key, Bucket);
has_key(_, []) -> false.

to_list(D) -> fold(fun(K, V, Acc) -> [{K, V} | Acc] end, [], D).

from_list(Pairs) -> lists:foldl(fun({K, V}, D) -> store(K, V, D) end, new(), Pairs).

size(#dict{size = N}) when is_integer(N), N >= 0 -> N.

is_empty(#dict{size = N}) -> N =:= 0.

fetch(Key, D) ->
    try fetch_in(Key, bucket(D, slot(D, Key)))
    catch throw:missing -> erlang:error(badarg, [Key, D])
    end.

fetch_in(Key, [[Key | V] | _]) -> V;
fetch_in(Key, [_ | Bucket]) -> fetch_in(Key, Bucket);
fetch_in(_, []) -> throw(missing).

find(Key, D) -> find_in(Key, bucket(D, slot(D, Key))).

find_in(Key, [[Key | V] | _]) -> {ok, V};
find_in(Key, [_ | Bucket]) -> find_in(Key, Bucket);
find_in(_, []) -> error.

fetch_keys(D) -> fold(fun(K, _, Acc) -> [K | Acc] end, [], D).

erase(Key, D0) ->
    {D1, Removed} = on_bucket(fun(B) -> erase_in(Key, B) end, D0, slot(D0, Key)),
    contract(D1, Removed).

erase_in(Key, [[Key | _] | Bucket]) -> {Bucket, 1};
erase_in(Key, [Cell | Bucket]) ->
    {Bucket1, Removed} = erase_in(Key, Bucket),
    {[Cell | Bucket1], Removed};
erase_in(_, []) -> {[], 0}.

take(Key, D0) ->
    case on_bucket(fun(B) -> take_in(Key, B) end, D0, slot(D0, Key)) of
        {_, error} -> error;
        {D1, {ok, V}} -> {V, contract(D1, 1)}
    end.

take_in(Key, [[Key | V] | Bucket]) -> {Bucket, {ok, V}};
take_in(Key, [Cell | Bucket]) ->
    {Bucket1, Found} = take_in(Key, Bucket),
    {[Cell | Bucket1], Found};
take_in(_, []) -> {[], error}.

%% New keys go at the end of their bucket.
store(Key, V, D0) ->
    {D1, Added} = on_bucket(fun(B) -> store_in(Key, V, B) end, D0, slot(D0, Key)),
    expand(D1, Added).

store_in(Key, V, [[Key | _] | Bucket]) -> {[[Key | V] | Bucket], 0};
store_in(Key, V, [Cell | Bucket]) ->
    {Bucket1, Added} = store_in(Key, V, Bucket),
    {[Cell | Bucket1], Added};
store_in(Key, V, []) -> {[[Key | V]], 1}.

append(Key, V, D0) ->
    {D1, Added} = on_bucket(fun(B) -> append_in(Key, [V], B) end, D0, slot(D0, Key)),
    expand(D1, Added).

append_list(Key, L, D0) ->
    {D1, Added} = on_bucket(fun(B) -> append_in(Key, L, B) end, D0, slot(D0, Key)),
    expand(D1, Added).

append_in(Key, L, [[Key | Old] | Bucket]) -> {[[Key | Old ++ L] | Bucket], 0};
append_in(Key, L, [Cell | Bucket]) ->
    {Bucket1, Added} = append_in(Key, L, Bucket),
    {[Cell | Bucket1], Added};
append_in(Key, L, []) -> {[[Key | L]], 1}.

update(Key, F, D0) ->
    try on_bucket(fun(B) -> update_in(Key, F, B) end, D0, slot(D0, Key)) of
        {D1, _} -> D1
    catch throw:missing -> erlang:error(badarg, [Key, F, D0])
    end.

update_in(Key, F, [[Key | V] | Bucket]) -> {[[Key | F(V)] | Bucket], ok};
update_in(Key, F, [Cell | Bucket]) ->
    {Bucket1, Res} = update_in(Key, F, Bucket),
    {[Cell | Bucket1], Res};
update_in(_, _, []) -> throw(missing).

update(Key, F, Init, D0) ->
    {D1, Added} = on_bucket(fun(B) -> update_in(Key, F, Init, B) end, D0, slot(D0, Key)),
    expand(D1, Added).

update_in(Key, F, _, [[Key | V] | Bucket]) -> {[[Key | F(V)] | Bucket], 0};
update_in(Key, F, Init, [Cell | Bucket]) ->
    {Bucket1, Added} = update_in(Key, F, Init, Bucket),
    {[Cell | Bucket1], Added};
update_in(Key, F, Init, []) when is_function(F, 1) -> {[[Key | Init]], 1}.

update_counter(Key, Inc, D0) when is_number(Inc) ->
    {D1, Added} = on_bucket(fun(B) -> counter_in(Key, Inc, B) end, D0, slot(D0, Key)),
    expand(D1, Added).

counter_in(Key, Inc, [[Key | V] | Bucket]) -> {[[Key | V + Inc] | Bucket], 0};
counter_in(Key, Inc, [Cell | Bucket]) ->
    {Bucket1, Added} = counter_in(Key, Inc, Bucket),
    {[Cell | Bucket1], Added};
counter_in(Key, Inc, []) -> {[[Key | Inc]], 1}.

%% Last segment first, last bucket first, each bucket front to back.
fold(F, Acc, D) when is_function(F, 3) -> fold_segs(F, Acc, D#dict.segs, erlang:tuple_size(D#dict.segs)).

fold_segs(F, Acc, Segs, I) when I >= 1 ->
    Seg = erlang:element(I, Segs),
    fold_segs(F, fold_seg(F, Acc, Seg, erlang:tuple_size(Seg)), Segs, I - 1);
fold_segs(_, Acc, _, _) -> Acc.

fold_seg(F, Acc, Seg, I) when I >= 1 ->
    fold_seg(F, fold_bucket(F, Acc, erlang:element(I, Seg)), Seg, I - 1);
fold_seg(_, Acc, _, _) -> Acc.

fold_bucket(F, Acc, [[K | V] | Bucket]) -> fold_bucket(F, F(K, V, Acc), Bucket);
fold_bucket(_, Acc, []) -> Acc.

map(F, D) when is_function(F, 2) ->
    Segs = [erlang:list_to_tuple([map_bucket(F, B) || B <- erlang:tuple_to_list(Seg)])
            || Seg <- erlang:tuple_to_list(D#dict.segs)],
    D#dict{segs = erlang:list_to_tuple(Segs)}.

map_bucket(F, [[K | V] | Bucket]) -> [[K | F(K, V)] | map_bucket(F, Bucket)];
map_bucket(_, []) -> [].

filter(F, D) ->
    {Segs, Removed} = filter_segs(F, erlang:tuple_to_list(D#dict.segs), [], 0),
    contract(D#dict{segs = erlang:list_to_tuple(Segs)}, Removed).

filter_segs(F, [Seg | Segs], Acc, Removed0) ->
    {Buckets, Removed} = filter_buckets(F, erlang:tuple_to_list(Seg), [], Removed0),
    filter_segs(F, Segs, [erlang:list_to_tuple(Buckets) | Acc], Removed);
filter_segs(_, [], Acc, Removed) -> {lists:reverse(Acc), Removed}.

filter_buckets(F, [B | Bs], Acc, Removed0) ->
    {B1, Removed} = filter_bucket(F, B, [], Removed0),
    filter_buckets(F, Bs, [B1 | Acc], Removed);
filter_buckets(_, [], Acc, Removed) -> {lists:reverse(Acc), Removed}.

filter_bucket(F, [[K | V] = Cell | B], Acc, Removed) ->
    case F(K, V) of
        true -> filter_bucket(F, B, [Cell | Acc], Removed);
        false -> filter_bucket(F, B, Acc, Removed + 1)
    end;
filter_bucket(_, [], Acc, Removed) -> {lists:reverse(Acc), Removed}.

merge(F, D1, D2) when D1#dict.size < D2#dict.size ->
    fold(fun(K, V1, D) -> update(K, fun(V2) -> F(K, V1, V2) end, V1, D) end, D2, D1);
merge(F, D1, D2) ->
    fold(fun(K, V2, D) -> update(K, fun(V1) -> F(K, V1, V2) end, V2, D) end, D1, D2).

%% Hash into the current range; a slot past the active ones has not been
%% split yet, so its entries still live in its buddy below.
slot(D, Key) ->
    H = erlang:phash(Key, D#dict.maxn),
    if H > D#dict.n -> H - D#dict.bso;
       true -> H
    end.

bucket(D, Slot) -> bucket_s(D#dict.segs, Slot).

bucket_s(Segs, Slot) ->
    erlang:element((Slot - 1) rem 16 + 1, erlang:element((Slot - 1) div 16 + 1, Segs)).

put_bucket_s(Segs, Slot, B) ->
    SegI = (Slot - 1) div 16 + 1,
    Seg = erlang:setelement((Slot - 1) rem 16 + 1, erlang:element(SegI, Segs), B),
    erlang:setelement(SegI, Segs, Seg).

on_bucket(F, D, Slot) ->
    SegI = (Slot - 1) div 16 + 1,
    BktI = (Slot - 1) rem 16 + 1,
    Segs = D#dict.segs,
    Seg = erlang:element(SegI, Segs),
    {B1, Res} = F(erlang:element(BktI, Seg)),
    {D#dict{segs = erlang:setelement(SegI, Segs, erlang:setelement(BktI, Seg, B1))}, Res}.

%% Past the load factor, split the next slot: its entries are rehashed
%% between it and its new buddy at the doubled range.
expand(D0, Added) when D0#dict.size + Added > D0#dict.exp_size ->
    D = more_segs(D0),
    N = D#dict.n + 1,
    Segs0 = D#dict.segs,
    Slot1 = N - D#dict.bso,
    {B1, B2} = rehash(bucket_s(Segs0, Slot1), Slot1, N, D#dict.maxn),
    Segs = put_bucket_s(put_bucket_s(Segs0, Slot1, B1), N, B2),
    D#dict{size = D#dict.size + Added, n = N, exp_size = N * 5,
           con_size = N * 3, segs = Segs};
expand(D, Added) -> D#dict{size = D#dict.size + Added}.

more_segs(D) when D#dict.n =:= D#dict.maxn ->
    Segs = D#dict.segs,
    D#dict{maxn = 2 * D#dict.maxn, bso = 2 * D#dict.bso,
           segs = erlang:list_to_tuple(erlang:tuple_to_list(Segs) ++
                                       lists:duplicate(erlang:tuple_size(Segs), D#dict.empty))};
more_segs(D) -> D.

contract(D, Removed) when D#dict.size - Removed < D#dict.con_size, D#dict.n > 16 ->
    N = D#dict.n,
    Slot1 = N - D#dict.bso,
    Segs0 = D#dict.segs,
    B1 = bucket_s(Segs0, Slot1),
    B2 = bucket_s(Segs0, N),
    Segs = put_bucket_s(put_bucket_s(Segs0, Slot1, B1 ++ B2), N, []),
    N1 = N - 1,
    fewer_segs(D#dict{size = D#dict.size - Removed, n = N1, exp_size = N1 * 5,
                      con_size = N1 * 3, segs = Segs});
contract(D, Removed) -> D#dict{size = D#dict.size - Removed}.

fewer_segs(D) when D#dict.n =:= D#dict.bso ->
    Segs = D#dict.segs,
    D#dict{maxn = D#dict.maxn div 2, bso = D#dict.bso div 2,
           segs = erlang:list_to_tuple(lists:sublist(erlang:tuple_to_list(Segs), 1,
                                                     erlang:tuple_size(Segs) div 2))};
fewer_segs(D) -> D.

rehash([[K | _] = Cell | B], Slot1, Slot2, MaxN) ->
    {L1, L2} = rehash(B, Slot1, Slot2, MaxN),
    case erlang:phash(K, MaxN) of
        Slot1 -> {[Cell | L1], L2};
        Slot2 -> {L1, [Cell | L2]}
    end;
rehash([], _, _, _) -> {[], []}.
