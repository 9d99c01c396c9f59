%% A realistic guest: records, maps, comprehensions, funs, try, receive.
-module(inventory).
-export([new/0, add/3, remove/2, total/1, names/1, report/1, cheap/2,
         pairs/2, wait/1, safe_div/2, bits/1, fact/1, tags/1, bump/1]).

-record(item, {name, qty = 0, price = 1.0, tags = [] :: list()}).

new() -> #{}.

add(Inv, Name, Qty) when is_map(Inv), is_integer(Qty), Qty > 0 ->
    case Inv of
        #{Name := #item{qty = Q} = It} -> Inv#{Name := It#item{qty = Q + Qty}};
        _ -> Inv#{Name => #item{name = Name, qty = Qty}}
    end.

remove(Inv, Name) ->
    case maps_find(Name, Inv) of
        {ok, _} -> maps_remove(Name, Inv);
        error -> Inv
    end.

maps_find(K, M) when is_map_key(K, M) -> {ok, map_get(K, M)};
maps_find(_, _) -> error.

maps_remove(K, M) -> maps_remove(K, M, [{K2, V} || {K2, V} <- to_list(M), K2 =/= K]).
maps_remove(_, _, L) -> from_list(L, #{}).

to_list(M) -> lists:foldl(fun(K, Acc) -> [{K, map_get(K, M)} | Acc] end, [], keys(M)).
keys(_M) -> [].
from_list([], M) -> M;
from_list([{K, V} | T], M) -> from_list(T, M#{K => V}).

total(Items) -> lists:foldl(fun(#item{qty = Q, price = P}, Acc) -> Acc + Q * P end, 0, Items).

names(Items) -> [N || #item{name = N} <- Items].

report(Items) ->
    [{N, Q} || #item{name = N, qty = Q} <- Items, Q > 0, is_atom(N) orelse is_list(N)].

cheap(Items, Max) -> lists:filter(fun(I) -> I#item.price =< Max end, Items).

pairs(Xs, Ys) -> [{X, Y} || X <- Xs, Y <- Ys, X < Y].

wait(Timeout) ->
    receive
        {add, N} when is_integer(N) -> {got, N};
        stop -> stopped
    after Timeout -> timeout
    end.

safe_div(A, B) ->
    try A div B of
        R when R > 100 -> {big, R};
        R -> {ok, R}
    catch
        error:badarith -> {error, zero};
        throw:Why -> {thrown, Why};
        C:E:_St -> {C, E}
    after
        ok
    end.

bits(Bin) ->
    << <<(X + 1):8>> || <<X:8>> <= Bin >>.

fact(N) ->
    F = fun Fact(0) -> 1; Fact(K) when K > 0 -> K * Fact(K - 1) end,
    F(N).

tags(#item{tags = Ts} = I) ->
    Size = record_info(size, item),
    {Size, length(Ts), element(#item.name, I), is_record(I, item)}.

bump(Items) ->
    Inc = 1,
    Bump = fun(#item{qty = Q} = I) -> I#item{qty = Q + Inc} end,
    {lists:map(Bump, Items), catch throw(x), [begin Y = X * 2, Y end || X <- [1, 2, 3]]}.
