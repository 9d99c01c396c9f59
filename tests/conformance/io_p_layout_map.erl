-module(io_p_layout_map).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~p", [#{1=>1,2=>4,3=>9,4=>16,5=>25,6=>36,7=>49,8=>64,9=>81,10=>100,11=>121,12=>144,13=>169,14=>196,15=>225,16=>256,17=>289,18=>324,19=>361,20=>400}]),
     f("~p", [#{a => lists:seq(1, 30), b => {x, "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"}}]),
     f("~p", [#{{k, 1} => #{inner => lists:seq(1, 20)}, z => []}])].
