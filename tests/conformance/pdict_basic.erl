%% The process dictionary: put/get/erase/get_keys return values, exact key
%% equality, keys and values of every type, state kept across calls.
-module(pdict_basic).
-export([main/0]).

main() ->
    io:format("~p~n", [{get(), get_keys(), erase(), get(a), erase(a), get_keys(x)}]),
    io:format("~p~n", [{put(a, 1), put(a, 2), get(a)}]),
    io:format("~p~n", [{put(1, int), put(1.0, float), get(1), get(1.0), get(2)}]),
    Keys = [{t, 1}, [l, i, s, t], <<"bin">>, #{m => 1}, 3.5, -7, 1 bsl 70, "", atom, {}],
    [put(K, {v, K}) || K <- Keys],
    io:format("~p~n", [[get(K) =:= {v, K} || K <- Keys]]),
    io:format("~p~n", [lists:sort(get_keys())]),
    io:format("~p~n", [lists:sort(get_keys(2))]),
    io:format("~p~n", [{put(<<"bin">>, 2), lists:sort(get_keys(2))}]),
    io:format("~p~n", [{erase(1.0), erase(1.0), get(1)}]),
    io:format("~p~n", [length(get())]),
    io:format("~p~n", [lists:sort(erase())]),
    io:format("~p~n", [{get(), get_keys(), get(a)}]),
    %% small integer keys come out as OTP lists them
    [put(K, K * 10) || K <- [4, 1, 9, 2, 10, 3, 7, 5, 8, 6]],
    io:format("~p~n", [get_keys()]),
    io:format("~p~n", [get()]),
    erase(),
    %% a counter kept across calls
    [incr(c) || _ <- lists:seq(1, 100)],
    io:format("~p~n", [get(c)]),
    io:format("~p~n", [depth(50)]),
    io:format("~p~n", [lists:sort(get())]),
    %% values with structure, updated in place
    put(acc, []),
    [put(acc, [{I, lists:seq(1, I)} | get(acc)]) || I <- lists:seq(1, 20)],
    io:format("~p~n", [length(get(acc))]),
    io:format("~p~n", [lists:sum([lists:sum(L) || {_, L} <- get(acc)])]),
    %% exceptions do not undo puts
    catch begin put(inside, yes), error(boom) end,
    io:format("~p~n", [get(inside)]),
    erase(),
    ok.

incr(K) ->
    case get(K) of
        undefined -> put(K, 1);
        N -> put(K, N + 1)
    end.

depth(0) -> get(c);
depth(N) -> put({depth, N}, N), depth(N - 1) + 0.
