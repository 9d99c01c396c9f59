-module(maps_float_int_keys).
-export([main/0]).
main() ->
    Mix = maps:from_list([{I, int} || I <- lists:seq(1, 25)] ++ [{I + 0.5, flt} || I <- lists:seq(1, 25)]),
    Small = #{1 => a, 1.0 => b, 2 => c, -1 => d, -1.0 => e, 0 => f, 0.0 => g},
    [maps:keys(Mix), maps:values(Mix), maps:to_list(Small), maps:keys(Small),
     maps:get(1.5, Mix), maps:find(2.0, Mix),
     maps:merge(Small, #{2.0 => z}), maps:with([1.0, 2.0], Small),
     maps:fold(fun(K, _, A) -> [K | A] end, [], Small)].
