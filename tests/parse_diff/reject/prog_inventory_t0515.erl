-module(prog_inventory).
-export([add/3, remove/3, report/1, total_value/1]).

-record(item, {sku :: binary(), name = <<>> :: binary(), qty = 0 :: non_neg_integer(),
               price = 0.0 :: float(), tags = [] :: [atom()]}).

add(Inv, #item{sku = Sku, qty = Q} = Item, When) ->
    case maps:find(Sku, Inv) of
        {ok, #item{qty = Old} = Existing} -> Inv#{Sku := Existing#item{qty = Old + Q}};
        error when When =:= now -> Inv#{Sku => Item};
        error -> Inv
    end.

remove(Inv, Sku, N) ->
    case Inv of
        #{Sku := #item{qty = Q}} when Q < N -> {error, {not_enough, Sku, Q}};
        #{Sku := #item{qty = Q} = I} when Q =:= N -> {ok, maps:remove(Sku, Inv), I};
        #{Sku := #item{qty = Q} = I} -> {ok, Inv#{Sku := I#item{qty = Q - N}}, I#item{qty = N}};
        _ -> {error, {unknown, Sku}}
    end.

report(Inv) ->
    [{I#item.sku, I#item.name, I#item.qty} || I <- maps:values(Inv), I#item.qty > 0,
                                              not lists:member(hidden, I#item.tags)].

total_value(Inv) ->
    lists:foldl(fun(#item{qty = Q, price = P}, Acc) -> Acc + Q * P end 0.0, maps:values(Inv)).
