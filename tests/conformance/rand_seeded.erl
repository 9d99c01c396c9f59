%% rand's functions on an explicit state (pure: no capability needed):
%% every algorithm, seeded from an integer, its floats, integers in small,
%% word-sized and wider-than-a-word ranges, bytes, uniform_real and jump.
-module(rand_seeded).
-export([main/0]).
main() ->
    [begin
         S0 = rand:seed_s(Alg, 42),
         {Fs, S1} = floats(5, S0, []),
         {Is, S2} = ints(5, [1, 6, 100, 1 bsl 58, 1 bsl 70, 12345678901234567890123], S1, []),
         {B, S3} = rand:bytes_s(13, S2),
         {R, S4} = rand:uniform_real_s(S3),
         S5 = rand:jump(S4),
         {F5, _} = rand:uniform_s(S5),
         io:format("~p ~p~n ~p~n ~p ~p ~p~n ~p~n", [Alg, Fs, Is, B, R, F5, rand:export_seed_s(S5)])
     end || Alg <- [exsss, exsp, exrop, exro928ss, exs1024s, default]],
    ok.
floats(0, S, Acc) -> {lists:reverse(Acc), S};
floats(N, S, Acc) -> {F, S1} = rand:uniform_s(S), floats(N - 1, S1, [F | Acc]).
ints(0, _, S, Acc) -> {lists:reverse(Acc), S};
ints(N, Ms, S, Acc) -> {L, S1} = lists:foldl(fun(M, {L0, Sa}) -> {X, Sb} = rand:uniform_s(M, Sa), {[X | L0], Sb} end, {[], S}, Ms), ints(N - 1, Ms, S1, [lists:reverse(L) | Acc]).
