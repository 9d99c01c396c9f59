%% hl-run-flags: --grant random
%% rand's process generator (needs the capability `random`): seed/2 then
%% normal/0,2, uniform/0,1, uniform_real/0, bytes/1, export_seed/0, jump/0, seed/1 of
%% an exported state; seeding from a list and from a triple; seed errors.
-module(rand_process).
-export([main/0]).
main() ->
    _ = rand:seed(exsss, 2024),
    N = rand:normal(),
    N2 = rand:normal(5, 4),
    A = [rand:uniform() || _ <- lists:seq(1, 4)],
    B = [rand:uniform(10) || _ <- lists:seq(1, 8)],
    C = rand:uniform_real(),
    D = rand:bytes(10),
    E = rand:export_seed(),
    _ = rand:jump(),
    F = rand:uniform(1000000),
    _ = rand:seed(E),
    G = rand:uniform(1000000),
    io:format("~p ~p~n~p~n~p~n~p ~p~n~p~n~p ~p~n", [N, N2, A, B, C, D, E, F, G]),
    Lists = [begin
                 S = rand:seed_s(Alg, [1, 2]),
                 {X, _} = rand:uniform_s(1 bsl 40, S),
                 {Alg, X}
             end || Alg <- [exsss, exsp, exrop, exro928ss, exs1024s]],
    Triples = [begin
                   S = rand:seed_s(Alg, {123, 456789, -98765432109876543210}),
                   {X, S1} = rand:uniform_s(S),
                   {Y, _} = rand:uniform_s(97, S1),
                   {Alg, X, Y, rand:export_seed_s(rand:jump(S1)) =/= rand:export_seed_s(S1)}
               end || Alg <- [exsss, exsp, exrop, exro928ss, exs1024s]],
    io:format("~p~n~p~n", [Lists, Triples]),
    Errors = [catch rand:seed_s(exsss, [0, 0]), catch rand:seed_s(exsss, [1, 2, 3]),
              catch rand:seed_s(exsss, [a]), catch rand:seed_s(exrop, []),
              catch rand:seed_s(exsss, -1)],
    [{'EXIT', {R1, _}}, {'EXIT', {R2, _}}, {'EXIT', {R3, _}}, {'EXIT', {R4, _}}, S5] = Errors,
    io:format("~p ~p ~p ~p ~p~n", [R1, R2, R3, R4, rand:export_seed_s(S5)]),
    {'EXIT', {R6, _}} = (catch rand:uniform_s(0, S5)),
    {'EXIT', {R7, _}} = (catch rand:bytes_s(-1, S5)),
    {R6, R7, rand:export_seed_s(rand:seed_s({exrop, [5 | 6]}))}.
