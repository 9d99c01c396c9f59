-module(erl_t2b_options).
-export([main/0]).
%% term_to_binary/2: every OTP 25 option, overrides, and the badarg cases.
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    Big = lists:duplicate(200, {abc, "text", 1.5}),
    Opts = [[], [compressed], [{compressed, 0}], [{compressed, 1}], [{compressed, 9}],
            [{minor_version, 0}], [{minor_version, 1}], [{minor_version, 2}], [deterministic],
            [compressed, {compressed, 0}], [{compressed, 0}, compressed], [{compressed, 1}, {compressed, 9}],
            [{minor_version, 2}, {minor_version, 1}], [deterministic, compressed, {minor_version, 2}]],
    [[t(fun() -> term_to_binary(T, O) end) || O <- Opts] || T <- [1.5, abc, 'ünï', Big, {1.0e-300, -2.5e10, 0.1}]]
    ++ [t(fun() -> term_to_binary(x, O) end)
        || O <- [[foo], [{compressed, 10}], [{compressed, -1}], [{minor_version, 3}], [{minor_version, -1}],
                 [local], [compressed | x], x, [{compressed}], [{compressed, a}], [{minor_version, 1.0}],
                 [{deterministic, true}]]].
