-module(erl_b2t_basic).
-export([main/0]).
%% binary_to_term/1,2 round trips and the [used] and [safe] options.
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    Ts = [0, -1, 1 bsl 70, 1.5, abc, '', "str", [1, [2]], {a, {b}}, <<1, 2>>, <<3:2>>, #{a => [1]},
          lists:foldl(fun(K, M) -> M#{K => K * 2} end, #{}, lists:seq(1, 40)), 'ünïcode'],
    [[binary_to_term(term_to_binary(T)) =:= T || T <- Ts],
     [binary_to_term(term_to_binary(T, [compressed])) =:= T || T <- Ts],
     [binary_to_term(term_to_binary(T, [{minor_version, 0}])) =:= T || T <- Ts],
     [binary_to_term(term_to_binary(T, [{minor_version, 2}]), [safe]) =:= T || T <- Ts],
     t(fun() -> binary_to_term(<<131, 100, 0, 3, 97, 98, 99, 1, 2, 3>>, [used]) end),
     t(fun() -> binary_to_term(<<131, 100, 0, 3, 97, 98, 99, 1, 2, 3>>, [used, safe]) end),
     t(fun() -> binary_to_term(<<131, 100, 0, 3, 97, 98, 99, 1, 2, 3>>) end),
     t(fun() -> binary_to_term(<<131, 97, 5>>, []) end),
     t(fun() -> binary_to_term(<<131, 97, 5>>, [foo]) end),
     t(fun() -> binary_to_term(<<131, 97, 5>>, [safe | x]) end),
     t(fun() -> binary_to_term(<<131, 97, 5>>, x) end),
     t(fun() -> binary_to_term(<<131, 97, 5>>, [{used, true}]) end),
     t(fun() -> binary_to_term(<<131, 99, "1.50000000000000000000e+00", 0, 0, 0, 0, 0>>) end),
     t(fun() -> binary_to_term(<<131, 107, 0, 3, 1, 2, 3>>) end),
     t(fun() -> binary_to_term(<<131, 108, 0, 0, 0, 2, 97, 1, 97, 2, 106>>) end),
     t(fun() -> binary_to_term(<<131, 108, 0, 0, 0, 1, 97, 1, 97, 2>>) end)].
