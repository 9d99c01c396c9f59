%% rand:normal_s/1,3 on every algorithm (pure: no capability): OTP's ziggurat,
%% tails included (exsp's maximum, above R = 3.654, came from the tail path).
-module(rand_normal_s).
-export([main/0]).
main() ->
    [begin
         S0 = rand:seed_s(Alg, 99),
         {L, S1} = lists:foldl(fun(_, {Acc, S}) -> {X, S2} = rand:normal_s(S), {[X | Acc], S2} end, {[], S0}, lists:seq(1, 3000)),
         {Y, _} = rand:normal_s(10, 2.5, S1),
         io:format("~p ~p ~p ~p~n", [Alg, lists:sum(L), lists:max(L), Y])
     end || Alg <- [exsss, exsp, exrop, exro928ss, exs1024s]],
    ok.
