-module(ds_dict_key_types).
-export([main/0]).
%% dict keys match exactly: 1 and 1.0 are different keys.
main() ->
    D = dict:from_list([{1, int}, {1.0, float}, {<<"1">>, bin}, {"1", str}, {'1', atom}, {{1}, tup}]),
    [dict:size(D), dict:to_list(D), dict:find(1.0, D), dict:fetch(1, D), dict:is_key(1.0, D),
     dict:to_list(dict:erase(1, D)), dict:to_list(dict:store(1.0, again, D))].
