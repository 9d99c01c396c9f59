-module(erl_b2ea).
-export([main/0]).
%% binary_to_existing_atom/1,2: atoms of the program only; encodings.
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    _ = [mine_a, 'Mine B', 'ünï', 'カタ', ''],
    [t(fun() -> binary_to_existing_atom(B) end)
     || B <- [<<"mine_a">>, <<"Mine B">>, <<"ünï"/utf8>>, <<"カタ"/utf8>>, <<"ok">>, <<"true">>,
              <<"zq_no_such_atom">>, <<>>, <<255>>, <<"mine_a", 0>>]]
    ++ [t(fun() -> binary_to_existing_atom(B, E) end)
        || E <- [utf8, unicode, latin1],
           B <- [<<"mine_a">>, <<"ünï"/utf8>>, <<"ünï">>, <<"カタ"/utf8>>, <<"zq_no_such_atom">>]]
    ++ [t(fun() -> binary_to_existing_atom(X, E) end)
        || {X, E} <- [{<<"mine_a">>, foo}, {mine_a, utf8}, {"mine_a", utf8}, {<<"mine_a">>, "utf8"},
                      {<<1:7>>, utf8}, {list_to_binary(lists:duplicate(256, $a)), utf8}, {list_to_binary(lists:duplicate(300, $a)), latin1}]]
    ++ [t(fun() -> binary_to_existing_atom(X) end) || X <- [mine_a, 1, [<<"mine_a">>]]].
