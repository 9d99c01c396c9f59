-module(erl_map_order_prop).
-export([main/0]).

%% Ordering of large maps (7,000 keys, past what the comparator sorts in
%% one quantum) on 20 generated pairs: a base map and a copy with a few
%% seeded edits (keys removed and added, of mixed types: integers, floats
%% equal to integers, atoms, tuples; values changed, 1 vs 1.0), both
%% directions, < and ==, against erl.
main() ->
    Base = maps:from_list([{K, K} || K <- lists:seq(1, 7000)]),
    [case_(Seed, Base) || Seed <- lists:seq(1, 20)].

case_(Seed, Base) ->
    {Edited, _} = lists:foldl(fun(_, {M, S}) -> edit(M, S) end, {Base, Seed * 7919}, lists:seq(1, 1 + Seed rem 4)),
    Other = balance(Edited, Base, Seed),
    {Seed, Base < Other, Other < Base, Base == Other, Base >= Other}.

next(S) -> (S * 1103515245 + 12345) band 16#7fffffff.

edit(M, S0) ->
    S1 = next(S0), S2 = next(S1), K = 1 + S2 rem 7000,
    case S1 rem 7 of
        5 -> {maps:put(-K, K, maps:remove(K, M)), S2};               % a key below all others
        6 -> {maps:put(K, K - 1, M), S2};                            % a value lowered
        0 -> {maps:put(float(K), K, maps:remove(K, M)), S2};        % 1.0-style key in place of 1
        1 -> {maps:put(K, K + 1, M), S2};                            % a value changed
        2 -> {maps:put(K, float(K), M), S2};                         % == equal, =:= not
        3 -> {maps:put({K}, K, maps:remove(K, M)), S2};              % a tuple key (sorts last)
        4 -> {maps:put(element(1 + K rem 4, {a, b, c, d}), K, maps:remove(K, M)), S2}
    end.

%% the same size as Base: drop or add plain keys as needed
balance(M, Base, Seed) ->
    D = map_size(M) - map_size(Base),
    if D > 0, Seed rem 2 == 0 -> maps:without(lists:sublist([K || K <- lists:seq(7000, 1, -1), maps:is_key(K, M)], D), M);
       D > 0 -> maps:without(lists:sublist([K || K <- lists:seq(1, 7000), maps:is_key(K, M)], D), M);
       D < 0 -> maps:merge(M, maps:from_list([{100000 + Seed + I, x} || I <- lists:seq(1, -D)]));
       true -> M
    end.
