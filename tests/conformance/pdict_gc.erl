%% The process dictionary holds the only reference to its values while
%% garbage is made and collected around it: every value reads back intact.
-module(pdict_gc).
-export([main/0]).

main() ->
    [put({k, I}, make(I)) || I <- lists:seq(1, 60)],
    garbage(200),
    io:format("~p~n", [check(60)]),
    %% replace half of them (the old values become garbage), erase a third
    [put({k, I}, make(I + 1000)) || I <- lists:seq(1, 60, 2)],
    [erase({k, I}) || I <- lists:seq(3, 60, 3)],
    garbage(200),
    io:format("~p~n", [length(get_keys())]),
    io:format("~p~n", [lists:sum([checksum(V) || {_, V} <- get()])]),
    put(big, lists:seq(1, 500)),
    garbage(100),
    io:format("~p~n", [lists:sum(get(big))]),
    io:format("~p~n", [lists:sort(get_keys(lists:seq(1, 500)))]),
    L = erase(),
    garbage(100),
    io:format("~p ~p~n", [length(L), get()]),
    ok.

make(I) -> {I, integer_to_list(I), <<I:32>>, #{I => [I, I + 1]}, float(I)}.

checksum({I, S, <<B:32>>, M, F}) ->
    [X, Y] = maps:get(I, M),
    I + list_to_integer(S) + B + X + Y + trunc(F).

check(0) -> ok;
check(I) ->
    case get({k, I}) =:= make(I) of
        true -> check(I - 1);
        false -> {bad, I}
    end.

garbage(0) -> ok;
garbage(N) ->
    _ = lists:reverse(lists:seq(1, 20)),
    garbage(N - 1).
