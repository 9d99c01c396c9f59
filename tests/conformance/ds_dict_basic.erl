-module(ds_dict_basic).
-export([main/0]).
main() ->
    D0 = dict:new(),
    D1 = dict:store(a, 1, D0),
    D2 = dict:store(b, 2, D1),
    D3 = dict:store(a, 10, D2),
    D4 = dict:append(l, x, D3),
    D5 = dict:append(l, y, D4),
    D6 = dict:append_list(l, [z, w], D5),
    D7 = dict:append_list(m, [1], D6),
    D8 = dict:update(a, fun(V) -> V * 2 end, D7),
    D9 = dict:update(n, fun(V) -> V end, init, D8),
    D10 = dict:update(n, fun(V) -> {V} end, init, D9),
    D11 = dict:update_counter(c, 5, D10),
    D12 = dict:update_counter(c, 1.5, D11),
    D13 = dict:erase(b, D12),
    D14 = dict:erase(nothere, D13),
    [D0, D1, D13, D14 =:= D13, dict:to_list(D13), dict:fetch_keys(D13), dict:size(D13),
     dict:is_empty(D0), dict:is_empty(D1), dict:is_key(a, D13), dict:is_key(b, D13),
     dict:is_key(1.0, dict:store(1, x, D0)), dict:find(a, D13), dict:find(b, D13),
     dict:fetch(l, D13), dict:take(a, D13), dict:take(zz, D13),
     dict:from_list([{x, 1}, {y, 2}, {x, 3}])].
