-module(ds_dict_append_big).
-export([main/0]).
main() ->
    D = lists:foldl(fun(I, A) -> dict:append(I rem 37, I, A) end, dict:new(), lists:seq(1, 1000)),
    D2 = lists:foldl(fun(I, A) -> dict:append_list(I rem 5, [I, -I], A) end, D, lists:seq(1, 50)),
    C = lists:foldl(fun(I, A) -> dict:update_counter(I rem 97, I, A) end, dict:new(), lists:seq(1, 2000)),
    [dict:size(D), dict:fetch(0, D), erlang:phash2(dict:to_list(D)), dict:fetch(3, D2),
     erlang:phash2(D2), dict:to_list(C), C].
