%% lib/proplists.erl — OTP 25's proplists for Hyperlang, in Erlang. A property is
%% an atom A (short for {A, true}) or a tuple whose first element is its
%% key; keys are compared with =:=, other entries are skipped. get_keys/1
%% returns the keys in the order of a version 1 set of them (sets:to_list/1,
%% as OTP 25 does; lib/sets.erl keeps OTP's order). Written for Hyperlang
%% from OTP's documented behaviour, not copied.
-module(proplists).
-export([property/1, property/2, unfold/1, compact/1, lookup/2, lookup_all/2,
         is_defined/2, get_value/2, get_value/3, get_all_values/2, append_values/2,
         get_bool/2, get_keys/1, delete/2, substitute_aliases/2,
         substitute_negations/2, expand/2, normalize/2, split/2,
         to_map/1, to_map/2, from_map/1]).

property({Key, true}) when is_atom(Key) -> Key;
property(P) -> P.

property(Key, true) when is_atom(Key) -> Key;
property(Key, Value) -> {Key, Value}.

unfold([P | Ps]) when is_atom(P) -> [{P, true} | unfold(Ps)];
unfold([P | Ps]) -> [P | unfold(Ps)];
unfold([]) -> [].

compact(Ps) -> [property(P) || P <- Ps].

%% The property P's key when it has key Key: 'match', else 'skip'.
key_is(Key, P) when is_atom(P) ->
    case P =:= Key of
        true -> match;
        false -> skip
    end;
key_is(Key, P) when tuple_size(P) >= 1 ->
    case erlang:element(1, P) =:= Key of
        true -> match;
        false -> skip
    end;
key_is(_, _) -> skip.

lookup(Key, [P | Ps]) ->
    case key_is(Key, P) of
        match when is_atom(P) -> {Key, true};
        match -> P;
        skip -> lookup(Key, Ps)
    end;
lookup(_, []) -> none.

lookup_all(Key, [P | Ps]) ->
    case key_is(Key, P) of
        match when is_atom(P) -> [{Key, true} | lookup_all(Key, Ps)];
        match -> [P | lookup_all(Key, Ps)];
        skip -> lookup_all(Key, Ps)
    end;
lookup_all(_, []) -> [].

is_defined(Key, [P | Ps]) ->
    case key_is(Key, P) of
        match -> true;
        skip -> is_defined(Key, Ps)
    end;
is_defined(_, []) -> false.

get_value(Key, List) -> get_value(Key, List, undefined).

get_value(Key, [P | Ps], Default) ->
    case key_is(Key, P) of
        match when is_atom(P) -> true;
        match ->
            case P of
                {_, V} -> V;
                _ -> Default
            end;
        skip -> get_value(Key, Ps, Default)
    end;
get_value(_, [], Default) -> Default.

get_all_values(Key, [P | Ps]) ->
    case key_is(Key, P) of
        match when is_atom(P) -> [true | get_all_values(Key, Ps)];
        match ->
            case P of
                {_, V} -> [V | get_all_values(Key, Ps)];
                _ -> get_all_values(Key, Ps)
            end;
        skip -> get_all_values(Key, Ps)
    end;
get_all_values(_, []) -> [].

append_values(Key, [P | Ps]) ->
    case key_is(Key, P) of
        match when is_atom(P) -> [true | append_values(Key, Ps)];
        match ->
            case P of
                {_, V} when is_list(V) -> V ++ append_values(Key, Ps);
                {_, V} -> [V | append_values(Key, Ps)];
                _ -> append_values(Key, Ps)
            end;
        skip -> append_values(Key, Ps)
    end;
append_values(_, []) -> [].

get_bool(Key, [P | Ps]) ->
    case key_is(Key, P) of
        match when is_atom(P) -> true;
        match ->
            case P of
                {_, true} -> true;
                _ -> false
            end;
        skip -> get_bool(Key, Ps)
    end;
get_bool(_, []) -> false.

get_keys(Ps) -> sets:to_list(sets:from_list(keys(Ps))).

keys([P | Ps]) when is_atom(P) -> [P | keys(Ps)];
keys([P | Ps]) when tuple_size(P) >= 1 -> [erlang:element(1, P) | keys(Ps)];
keys([_ | Ps]) -> keys(Ps);
keys([]) -> [].

delete(Key, [P | Ps]) ->
    case key_is(Key, P) of
        match -> delete(Key, Ps);
        skip -> [P | delete(Key, Ps)]
    end;
delete(_, []) -> [].

substitute_aliases(As, Props) -> [alias(As, P) || P <- Props].

alias([{Key, Key1} | As], P) ->
    case key_is(Key, P) of
        match when is_atom(P) -> property(Key1, true);
        match -> property(erlang:setelement(1, P, Key1));
        skip -> alias(As, P)
    end;
alias([], P) -> P.

substitute_negations(As, Props) -> [negation(As, P) || P <- Props].

%% Anything but {Key, true} negates to true, as get_bool/2 reads it.
negation([{Key, Key1} | As], P) ->
    case key_is(Key, P) of
        match when is_atom(P) -> property(Key1, false);
        match ->
            case P of
                {_, true} -> property(Key1, false);
                _ -> property(Key1, true)
            end;
        skip -> negation(As, P)
    end;
negation([], P) -> P.

%% expand([{Property, Expansion}], Ps): the first entry of Ps with
%% Property's key is replaced by the list Expansion (spliced in) when it is
%% that very property, and later entries with that key go; the first
%% pair for a property wins. Expansions already made (and any other list
%% entry) are left alone, then spliced into the result.
expand(Es, Ps) when is_list(Ps) ->
    Es1 = first_per_key([{property(P), V} || {P, V} <- Es], []),
    splice(lists:foldl(fun({P, L}, Acc) -> expand_one(P, L, Acc) end, Ps, Es1)).

first_per_key([{P, _} = E | Es], Seen) ->
    case lists:member(P, Seen) of
        true -> first_per_key(Es, Seen);
        false -> [E | first_per_key(Es, [P | Seen])]
    end;
first_per_key([], _) -> [].

expand_one(P, L, Ps) when is_atom(P) -> expand_key(P, P, L, Ps);
expand_one(P, L, Ps) when tuple_size(P) >= 1 -> expand_key(erlang:element(1, P), P, L, Ps);
expand_one(_, _, Ps) -> Ps.

expand_key(Key, P1, L, [P | Ps]) ->
    case is_list(P) of
        true -> [P | expand_key(Key, P1, L, Ps)];
        false ->
            case key_is(Key, P) of
                match ->
                    case property(P) =:= P1 of
                        true -> [L | delete(Key, Ps)];
                        false -> [P | Ps]
                    end;
                skip -> [P | expand_key(Key, P1, L, Ps)]
            end
    end;
expand_key(_, _, _, []) -> [].

splice([L | Ps]) when is_list(L) -> L ++ splice(Ps);
splice([P | Ps]) -> [P | splice(Ps)];
splice([]) -> [].

normalize(L, [{aliases, As} | Xs]) -> normalize(substitute_aliases(As, L), Xs);
normalize(L, [{expand, Es} | Xs]) -> normalize(expand(Es, L), Xs);
normalize(L, [{negations, Ns} | Xs]) -> normalize(substitute_negations(Ns, L), Xs);
normalize(L, []) -> compact(L).

split(List, Keys) ->
    {Store, Rest} = split_(List, [{K, []} || K <- Keys], []),
    {[lists:reverse(stored(K, Store)) || K <- Keys], lists:reverse(Rest)}.

stored(Key, [{K, Ps} | _]) when K =:= Key -> Ps;
stored(Key, [_ | Store]) -> stored(Key, Store).

split_([P | Ps], Store, Rest) ->
    Key = if
              is_atom(P) -> P;
              tuple_size(P) >= 1 -> erlang:element(1, P);
              true -> '$no_key'
          end,
    case Key =/= '$no_key' andalso has_key(Key, Store) of
        true -> split_(Ps, add_to(Key, P, Store), Rest);
        false -> split_(Ps, Store, [P | Rest])
    end;
split_([], Store, Rest) -> {Store, Rest}.

has_key(Key, [{K, _} | _]) when K =:= Key -> true;
has_key(Key, [_ | Store]) -> has_key(Key, Store);
has_key(_, []) -> false.

add_to(Key, P, [{K, Ps} | Store]) when K =:= Key -> [{K, [P | Ps]} | Store];
add_to(Key, P, [E | Store]) -> [E | add_to(Key, P, Store)].

%% ---- maps ----

%% to_map/1 folds from the right so the first entry for a key wins, as
%% get_value/2 would find it: {K, V} sets K, an atom K sets K => true,
%% another tuple with key K hides K (removes what later entries set),
%% anything else is skipped.
to_map(List) ->
    lists:foldr(fun({K, V}, M) -> M#{K => V};
                   (T, M) when tuple_size(T) >= 1 -> maps:remove(erlang:element(1, T), M);
                   (K, M) when is_atom(K) -> M#{K => true};
                   (_, M) -> M
                end, #{}, List).

%% to_map/2: the stages of normalize/2 first (without its compaction).
to_map(List, Stages) -> to_map(stages(List, Stages)).

stages(L, [{aliases, As} | Xs]) -> stages(substitute_aliases(As, L), Xs);
stages(L, [{expand, Es} | Xs]) -> stages(expand(Es, L), Xs);
stages(L, [{negations, Ns} | Xs]) -> stages(substitute_negations(Ns, L), Xs);
stages(L, []) -> L.

from_map(Map) -> maps:to_list(Map).
