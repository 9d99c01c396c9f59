%% rand:normal_s/1,3 on every algorithm (pure: no capability): OTP's ziggurat,
%% tails included (exsp's maximum, above R = 3.654, came from the tail path).
-module(rand_normal_s).
-export([main/0]).
main() ->
    [begin
         S0 = rand:seed_s(Alg, 99),
         {Sum, Max, S1} = draw(3000, S0, 0.0, -10.0),
         {Y, _} = rand:normal_s(10, 2.5, S1),
         io:format("~p ~p ~p ~p~n", [Alg, Sum, Max, Y])
     end || Alg <- [exsss, exsp, exrop, exro928ss, exs1024s]],
    ok.

%% (a fold, not a list: the live data stays small in the GC-at-every-
%% allocation test mode)
draw(0, S, Sum, Max) -> {Sum, Max, S};
draw(N, S, Sum, Max) ->
    {X, S1} = rand:normal_s(S),
    draw(N - 1, S1, Sum + X, max(X, Max)).
