%% lib/maps.erl — OTP 25's maps module for Hyperlang. get/2,3, find,
%% is_key, put, update, remove, take and size are C builtins
%% (src/vm/bif_maps.c, O(log n) each). Everything here is Erlang, so it
%% stays preemptible: the higher-order functions call guest funs, and the
%% first-order ones whose work grows with their input (to_list, keys,
%% values, from_list, from_keys, merge, with, without, next) loop over the
%% chunked erlang:hl_maps_* builtins, each call doing a bounded amount.
%%
%% Order: to_list/keys/values list a map above 32 keys in OTP's order
%% (children from the highest slot down); iterator/next, fold, map,
%% filter, filtermap and foreach go the io order (from the lowest up), as
%% OTP 25 does. An iterator is [Cursor | Map] (Cursor an integer, 0 at the
%% start) or a {K, V, Iterator} chain or none, like OTP's; our cursors
%% are our own positions. Exceptions are OTP 25's ({badmap, M}, {badkey,
%% K}, badarg, function_clause). Written for Hyperlang from OTP's
%% documented behaviour, not copied.
-module(maps).
-export([new/0, keys/1, values/1, to_list/1, from_list/1, from_keys/2,
         merge/2, merge_with/3, intersect/2, intersect_with/3, with/2,
         without/2, iterator/1, next/1, fold/3, map/2, filter/2,
         filtermap/2, foreach/2, update_with/3, update_with/4,
         groups_from_list/2, groups_from_list/3]).

new() -> #{}.

%% ---- whole-map listings (chunked: erlang:hl_maps_collect/4) ----

to_list(M) when is_map(M) -> collect(M, 0, [], 0);
to_list(M) -> erlang:error({badmap, M}, [M]).

keys(M) when is_map(M) -> collect(M, 0, [], 1);
keys(M) -> erlang:error({badmap, M}, [M]).

values(M) when is_map(M) -> collect(M, 0, [], 2);
values(M) -> erlang:error({badmap, M}, [M]).

collect(M, Cursor, Acc, What) ->
    case erlang:hl_maps_collect(M, Cursor, Acc, What) of
        {Cursor2, Acc2} -> collect(M, Cursor2, Acc2, What);
        List -> List
    end.

%% ---- building (chunked: later pairs win) ----

from_list(List) -> from_list_(List, #{}).

from_list_(List, Acc) ->
    case erlang:hl_maps_from_list(List, Acc) of
        {Rest, Acc2} -> from_list_(Rest, Acc2);
        M -> M
    end.

from_keys(Keys, Value) -> from_keys_(Keys, Value, #{}).

from_keys_(Keys, Value, Acc) ->
    case erlang:hl_maps_from_keys(Keys, Value, Acc) of
        {Rest, Acc2} -> from_keys_(Rest, Value, Acc2);
        M -> M
    end.

%% merge/2: the smaller map's pairs go into the larger one; M2's values
%% win either way.
merge(M1, M2) when is_map(M1), is_map(M2) ->
    case map_size(M1) =< map_size(M2) of
        true -> merge_(M2, M1, 0, true);
        false -> merge_(M1, M2, 0, false)
    end;
merge(M1, M2) -> erlang:error(two_maps_error(M1, M2), [M1, M2]).

merge_(Into, From, Cursor, Keep) ->
    case erlang:hl_maps_merge(Into, From, Cursor, Keep) of
        {Cursor2, Into2} -> merge_(Into2, From, Cursor2, Keep);
        M -> M
    end.

with(Keys, M) when is_list(Keys), is_map(M) -> with_(Keys, M, #{});
with(Keys, M) -> erlang:error(error_type(M), [Keys, M]).

with_(Keys, M, Acc) ->
    case erlang:hl_maps_with(Keys, M, Acc) of
        {Rest, Acc2} -> with_(Rest, M, Acc2);
        R -> R
    end.

without(Keys, M) when is_list(Keys), is_map(M) -> without_(Keys, M);
without(Keys, M) -> erlang:error(error_type(M), [Keys, M]).

without_(Keys, M) ->
    case erlang:hl_maps_without(Keys, M) of
        {Rest, M2} -> without_(Rest, M2);
        R -> R
    end.

%% ---- iterators ----

iterator(M) when is_map(M) -> [0 | M];
iterator(M) -> erlang:error({badmap, M}, [M]).

next({K, V, I}) -> {K, V, I};
next([Cursor | M]) when is_integer(Cursor), is_map(M) -> erlang:hl_maps_next(Cursor, M);
next(none) -> none;
next(Iter) -> erlang:error(badarg, [Iter]).

%% The iterator a higher-order function walks: a map's own, or the
%% argument itself; its first step decides {badmap, MapOrIter}.
first(MapOrIter) when is_map(MapOrIter) -> next(iterator(MapOrIter));
first(Iter) -> next(Iter).

%% ---- higher-order (the funs run in io order) ----

fold(F, Init, MapOrIter) when is_function(F, 3) ->
    try first(MapOrIter) of
        Next -> fold_(F, Init, Next)
    catch
        error:_ -> erlang:error({badmap, MapOrIter}, [F, Init, MapOrIter])
    end;
fold(F, Init, MapOrIter) -> erlang:error(badarg, [F, Init, MapOrIter]).

fold_(F, Acc, {K, V, I}) -> fold_(F, F(K, V, Acc), next(I));
fold_(_, Acc, none) -> Acc.

map(F, MapOrIter) when is_function(F, 2) ->
    try first(MapOrIter) of
        Next -> from_list(map_(F, Next, []))
    catch
        error:_ -> erlang:error({badmap, MapOrIter}, [F, MapOrIter])
    end;
map(F, MapOrIter) -> erlang:error(badarg, [F, MapOrIter]).

map_(F, {K, V, I}, Acc) -> map_(F, next(I), [{K, F(K, V)} | Acc]);
map_(_, none, Acc) -> Acc.

filter(Pred, MapOrIter) when is_function(Pred, 2) ->
    try first(MapOrIter) of
        Next -> from_list(filter_(Pred, Next, []))
    catch
        error:_ -> erlang:error({badmap, MapOrIter}, [Pred, MapOrIter])
    end;
filter(Pred, MapOrIter) -> erlang:error(badarg, [Pred, MapOrIter]).

filter_(Pred, {K, V, I}, Acc) ->
    case Pred(K, V) of
        true -> filter_(Pred, next(I), [{K, V} | Acc]);
        false -> filter_(Pred, next(I), Acc)
    end;
filter_(_, none, Acc) -> Acc.

filtermap(F, MapOrIter) when is_function(F, 2) ->
    try first(MapOrIter) of
        Next -> from_list(filtermap_(F, Next, []))
    catch
        error:_ -> erlang:error({badmap, MapOrIter}, [F, MapOrIter])
    end;
filtermap(F, MapOrIter) -> erlang:error(badarg, [F, MapOrIter]).

filtermap_(F, {K, V, I}, Acc) ->
    case F(K, V) of
        true -> filtermap_(F, next(I), [{K, V} | Acc]);
        {true, V2} -> filtermap_(F, next(I), [{K, V2} | Acc]);
        false -> filtermap_(F, next(I), Acc)
    end;
filtermap_(_, none, Acc) -> Acc.

foreach(F, MapOrIter) when is_function(F, 2) ->
    try first(MapOrIter) of
        Next -> foreach_(F, Next)
    catch
        error:_ -> erlang:error({badmap, MapOrIter}, [F, MapOrIter])
    end;
foreach(F, MapOrIter) -> erlang:error(badarg, [F, MapOrIter]).

foreach_(F, {K, V, I}) ->
    F(K, V),
    foreach_(F, next(I));
foreach_(_, none) -> ok.

update_with(Key, F, M) when is_function(F, 1), is_map(M) ->
    case M of
        #{Key := V} -> M#{Key := F(V)};
        #{} -> erlang:error({badkey, Key}, [Key, F, M])
    end;
update_with(Key, F, M) -> erlang:error(error_type(M), [Key, F, M]).

update_with(Key, F, Init, M) when is_function(F, 1), is_map(M) ->
    case M of
        #{Key := V} -> M#{Key := F(V)};
        #{} -> M#{Key => Init}
    end;
update_with(Key, F, Init, M) -> erlang:error(error_type(M), [Key, F, Init, M]).

%% merge_with/3: the smaller map is walked (io order) into the larger;
%% F(K, V1, V2) always gets M1's value first.
merge_with(F, M1, M2) when is_map(M1), is_map(M2), is_function(F, 3) ->
    case map_size(M1) > map_size(M2) of
        true -> merge_with_(next(iterator(M2)), M1, F);
        false -> merge_with_(next(iterator(M1)), M2, fun(K, V2, V1) -> F(K, V1, V2) end)
    end;
merge_with(F, M1, M2) -> erlang:error(merge_error(M1, M2, F), [F, M1, M2]).

%% Acc holds the larger map's pairs; G(K, AccValue, WalkedValue).
merge_with_({K, V, I}, Acc, G) ->
    case Acc of
        #{K := Old} -> merge_with_(next(I), Acc#{K := G(K, Old, V)}, G);
        #{} -> merge_with_(next(I), Acc#{K => V}, G)
    end;
merge_with_(none, Acc, _) -> Acc.

%% intersect/2 keeps M2's values.
intersect(M1, M2) when is_map(M1), is_map(M2) ->
    case map_size(M1) =< map_size(M2) of
        true -> intersect_(next(iterator(M1)), M2, fun(_, _, V2) -> V2 end, []);
        false -> intersect_(next(iterator(M2)), M1, fun(_, V2, _) -> V2 end, [])
    end;
intersect(M1, M2) -> erlang:error(two_maps_error(M1, M2), [M1, M2]).

intersect_with(F, M1, M2) when is_map(M1), is_map(M2), is_function(F, 3) ->
    case map_size(M1) =< map_size(M2) of
        true -> intersect_(next(iterator(M1)), M2, F, []);
        false -> intersect_(next(iterator(M2)), M1, fun(K, V2, V1) -> F(K, V1, V2) end, [])
    end;
intersect_with(F, M1, M2) -> erlang:error(merge_error(M1, M2, F), [F, M1, M2]).

%% Walks the smaller map; G(K, WalkedValue, BigValue) for shared keys.
intersect_({K, V, I}, Big, G, Acc) ->
    case Big of
        #{K := BigV} -> intersect_(next(I), Big, G, [{K, G(K, V, BigV)} | Acc]);
        #{} -> intersect_(next(I), Big, G, Acc)
    end;
intersect_(none, _, _, Acc) -> from_list(Acc).

groups_from_list(F, List) when is_function(F, 1) ->
    try lists:reverse(List) of
        Rev -> groups_(F, Rev, #{})
    catch
        error:_ -> erlang:error(badarg, [F, List])
    end;
groups_from_list(F, List) -> erlang:error(badarg, [F, List]).

groups_(F, [H | T], Acc) ->
    K = F(H),
    case Acc of
        #{K := Vs} -> groups_(F, T, Acc#{K := [H | Vs]});
        #{} -> groups_(F, T, Acc#{K => [H]})
    end;
groups_(_, [], Acc) -> Acc.

groups_from_list(F, ValueF, List) when is_function(F, 1), is_function(ValueF, 1) ->
    try lists:reverse(List) of
        Rev -> groups_(F, ValueF, Rev, #{})
    catch
        error:_ -> erlang:error(badarg, [F, ValueF, List])
    end;
groups_from_list(F, ValueF, List) -> erlang:error(badarg, [F, ValueF, List]).

groups_(F, ValueF, [H | T], Acc) ->
    K = F(H),
    V = ValueF(H),
    case Acc of
        #{K := Vs} -> groups_(F, ValueF, T, Acc#{K := [V | Vs]});
        #{} -> groups_(F, ValueF, T, Acc#{K => [V]})
    end;
groups_(_, _, [], Acc) -> Acc.

%% ---- errors ----

error_type(M) when is_map(M) -> badarg;
error_type(V) -> {badmap, V}.

two_maps_error(M1, M2) when is_map(M1) -> {badmap, M2};
two_maps_error(M1, _) -> {badmap, M1}.

merge_error(M1, M2, F) when is_function(F, 3) -> two_maps_error(M1, M2);
merge_error(_, _, _) -> badarg.
