-module(ds_dict_order).
-export([main/0]).
%% to_list order is hash-determined: it must be OTP's for many key types.
main() ->
    Keys = [a, b, c, 1, 2, 3, -5, 1.5, "str", <<"bin">>, {t, 1}, [1, 2], [], {}, 1 bsl 70,
            'long atom name', <<1:3>>, {nested, {deep, [x]}}, 0.0],
    D = lists:foldl(fun(K, A) -> dict:store(K, K, A) end, dict:new(), Keys),
    [dict:to_list(D), dict:fetch_keys(D), D].
