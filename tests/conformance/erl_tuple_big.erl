-module(erl_tuple_big).
-export([main/0]).

%% The tuple builders on tuples above a quantum (65,536 elements), which
%% are built over several calls outside the heap (docs/builtins.md): the
%% elements at the edges of each change, whole-tuple hashes, and the
%% errors found after a long walk.
main() ->
    N = 140003,
    LT = list_to_tuple(lists:seq(1, N)),
    [make2(N), make3(N), make3_long(), l2t(LT, N), setel(LT, N), append(LT, N), insert(LT), delete(LT, N),
     small_vs_big(), errors(LT, N)].

make2(N) ->
    T = erlang:make_tuple(N, x),
    {tuple_size(T), element(1, T), element(N, T), erlang:phash2(T)}.

make3(N) ->
    T = erlang:make_tuple(N, {a}, [{1, b}, {N, c}, {5, d}, {5, e}]),
    {element(1, T), element(N, T), element(5, T), element(6, T), erlang:phash2(T)}.

%% a short tuple, an init list of 70,000 entries (later ones win)
make3_long() ->
    erlang:make_tuple(4, z, [{I rem 4 + 1, I} || I <- lists:seq(1, 70000)]).

l2t(LT, N) ->
    {tuple_size(LT), element(1, LT), element(N, LT), erlang:phash2(LT)}.

setel(LT, N) ->
    S = setelement(100000, LT, s),
    S1 = setelement(1, LT, first),
    SN = setelement(N, LT, last),
    {element(99999, S), element(100000, S), element(100001, S), element(1, S1), element(N, SN),
     element(100000, LT), erlang:phash2(S)}.

append(LT, N) ->
    A = erlang:append_element(LT, app),
    {tuple_size(A), element(N, A), element(N + 1, A), erlang:phash2(A)}.

insert(LT) ->
    I = erlang:insert_element(70000, LT, ins),
    I1 = erlang:insert_element(1, LT, ins),
    {tuple_size(I), element(69999, I), element(70000, I), element(70001, I), element(1, I1), element(2, I1),
     erlang:phash2(I)}.

delete(LT, N) ->
    D = erlang:delete_element(3, LT),
    DN = erlang:delete_element(N, LT),
    {tuple_size(D), element(2, D), element(3, D), element(N - 1, D), element(N - 1, DN), erlang:phash2(D)}.

%% just under and just over a quantum give the same kind of result
small_vs_big() ->
    [begin
         T = erlang:make_tuple(K, K),
         {K, tuple_size(erlang:append_element(T, e)), tuple_size(erlang:delete_element(1, T)),
          element(K, setelement(K, T, s)), tuple_size(list_to_tuple(tuple_to_list(T)))}
     end || K <- [65535, 65536, 65537, 65538]].

errors(LT, N) ->
    Long = [{1, a} || _ <- lists:seq(1, 100000)],
    [err(fun() -> erlang:make_tuple(3, 0, Long ++ [{4, b}]) end),
     err(fun() -> erlang:make_tuple(3, 0, Long ++ x) end),
     err(fun() -> erlang:make_tuple(3, 0, Long ++ [{0, b}]) end),
     err(fun() -> erlang:make_tuple(100000, 0, Long ++ [c]) end),
     err(fun() -> list_to_tuple(lists:seq(1, 100000) ++ improper) end),
     err(fun() -> setelement(N + 1, LT, x) end),
     err(fun() -> erlang:delete_element(0, LT) end),
     err(fun() -> erlang:insert_element(N + 2, LT, x) end),
     err(fun() -> erlang:make_tuple(16777216, 0) end)].

err(F) ->
    try F() catch C:R -> {C, R} end.
