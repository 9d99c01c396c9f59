%% lib/ordsets.erl — OTP 25's ordsets for Hyperlang, in Erlang: a set is
%% a list sorted by term order without duplicates (== equal elements are
%% the same element). Written for Hyperlang from OTP's documented
%% behaviour, not copied.
-module(ordsets).
-export([new/0, is_set/1, size/1, is_empty/1, to_list/1, from_list/1, is_element/2,
         add_element/2, del_element/2, union/2, union/1, intersection/2,
         intersection/1, is_disjoint/2, subtract/2, is_subset/2, fold/3, filter/2]).

new() -> [].

is_set([H | T]) -> strictly_ascending(T, H);
is_set([]) -> true;
is_set(_) -> false.

strictly_ascending([H | T], Prev) when Prev < H -> strictly_ascending(T, H);
strictly_ascending([], _) -> true;
strictly_ascending(_, _) -> false.

size(S) -> erlang:length(S).

is_empty(S) -> S =:= [].

to_list(S) -> S.

from_list(L) -> lists:usort(L).

is_element(E, [H | T]) when E > H -> is_element(E, T);
is_element(E, [H | _]) when E < H -> false;
is_element(_, [_ | _]) -> true;
is_element(_, []) -> false.

add_element(E, [H | T]) when E > H -> [H | add_element(E, T)];
add_element(E, [H | _] = S) when E < H -> [E | S];
add_element(_, [_ | _] = S) -> S;
add_element(E, []) -> [E].

del_element(E, [H | T]) when E > H -> [H | del_element(E, T)];
del_element(E, [H | _] = S) when E < H -> S;
del_element(_, [_ | T]) -> T;
del_element(_, []) -> [].

union([A | As] = S1, [B | Bs] = S2) ->
    if
        A < B -> [A | union(As, S2)];
        A > B -> [B | union(S1, Bs)];
        true -> [A | union(As, Bs)]
    end;
union([], S2) -> S2;
union(S1, []) -> S1.

union([S1, S2 | Rest]) -> union([union(S1, S2) | Rest]);
union([S]) -> S;
union([]) -> [].

intersection([A | As] = S1, [B | Bs] = S2) ->
    if
        A < B -> intersection(As, S2);
        A > B -> intersection(S1, Bs);
        true -> [A | intersection(As, Bs)]
    end;
intersection([], _) -> [];
intersection(_, []) -> [].

intersection([S1, S2 | Rest]) -> intersection([intersection(S1, S2) | Rest]);
intersection([S]) -> S.

is_disjoint([A | As] = S1, [B | Bs] = S2) ->
    if
        A < B -> is_disjoint(As, S2);
        A > B -> is_disjoint(S1, Bs);
        true -> false
    end;
is_disjoint([], _) -> true;
is_disjoint(_, []) -> true.

subtract([A | As] = S1, [B | Bs] = S2) ->
    if
        A < B -> [A | subtract(As, S2)];
        A > B -> subtract(S1, Bs);
        true -> subtract(As, Bs)
    end;
subtract([], _) -> [];
subtract(S1, []) -> S1.

is_subset([A | As] = S1, [B | Bs]) ->
    if
        A < B -> false;
        A > B -> is_subset(S1, Bs);
        true -> is_subset(As, Bs)
    end;
is_subset([], _) -> true;
is_subset(_, []) -> false.

fold(F, Acc, Set) -> lists:foldl(F, Acc, Set).

filter(Pred, Set) -> lists:filter(Pred, Set).
