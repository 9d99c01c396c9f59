-module(erl_t2b_compressed).
-export([main/0]).
%% compressed encodings at every level: byte-identical to OTP 25 (zlib),
%% kept only when smaller.
main() ->
    Ts = [lists:seq(1, 300), lists:duplicate(500, $a), list_to_binary(lists:duplicate(2000, 7)),
          {lists:duplicate(50, {key, "value", 1.25}), <<"tail">>}, abc, "short", <<1, 2, 3, 4, 5, 6>>],
    [[byte_size(term_to_binary(T, [{compressed, L}])) || L <- lists:seq(0, 9)] || T <- Ts]
    ++ [term_to_binary(T, [compressed]) || T <- Ts]
    ++ [binary_to_term(term_to_binary(T, [{compressed, L}])) =:= T || T <- Ts, L <- [1, 5, 9]].
