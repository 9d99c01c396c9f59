-module(erl_t2b_basic).
-export([main/0]).
%% term_to_binary/1 of every term type the sandbox has: byte-identical to OTP 25.
main() ->
    [term_to_binary(T) || T <- [0, 1, 255, 256, -1, 2147483647, 2147483648, -2147483648, -2147483649,
                                 1 bsl 64, -(1 bsl 64), 1 bsl 2100, 1.5, -0.25, 0.0, 1.0e300, 3.141592653589793,
                                 abc, 'hello world', '', 'ünïcode', 'カタカナ', [], "abc", [1, 2, 300], [a | b],
                                 [1 | 2], {}, {a}, {a, b, c}, list_to_tuple(lists:seq(1, 300)),
                                 <<>>, <<1, 2, 3>>, <<1:3>>, <<255, 7:5>>, #{}, #{a => 1, b => [2]},
                                 lists:seq(65530, 65540), lists:duplicate(3, "x"),
                                 {[{}], #{1 => 1.0, 1.0 => 1}}]].
