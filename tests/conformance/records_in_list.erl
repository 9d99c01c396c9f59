-module(records_in_list).
-export([main/0]).
-record(item, {name, qty = 1}).
main() -> Items = [#item{name = a, qty = 3}, #item{name = b}, #item{name = c, qty = 5}], {lists:foldl(fun(#item{qty = Q}, S) -> S + Q end, 0, Items), [N || #item{name = N, qty = Q} <- Items, Q > 1]}.
