%% shop.erl — the entry module of a program of two modules (run with
%% pricing.erl: `hl run examples/multi/shop.erl examples/multi/pricing.erl
%% main`). It calls what pricing exports, and the shared stdlib (lists,
%% io), which the engine loaded once for every program.
-module(shop).
-export([main/0]).

main() ->
    Cart = [{apple, 3}, {pear, 1}, {melon, 2}],
    Lines = [{Item, Qty, pricing:price(Item, Qty)} || {Item, Qty} <- Cart],
    lists:foreach(fun({Item, Qty, Cents}) -> io:format("~-6s x~b ~s~n", [Item, Qty, pricing:format(Cents)]) end,
                  Lines),
    Total = pricing:total([C || {_, _, C} <- Lines]),
    {total, pricing:format(Total)}.
