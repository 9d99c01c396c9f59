-module(ds_dict_shrink).
-export([main/0]).
%% Grow past several expansions, then erase and take until the table
%% contracts back: every structure is printed whole.
main() ->
    D = dict:from_list([{I, I} || I <- lists:seq(1, 200)]),
    Steps = [150, 100, 60, 30, 10, 0],
    [{N, dict:size(Dn), Dn} || N <- Steps,
                               Dn <- [lists:foldl(fun(K, A) -> dict:erase(K, A) end, D, lists:seq(N + 1, 200))]] ++
    [element(2, lists:foldl(fun(K, {_, A}) -> dict:take(K, A) end, {x, D}, lists:seq(1, 190)))].
