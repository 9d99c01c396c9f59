%% A parallel map: one process per element, results gathered in input order by matching pids.
-module(many_pmap).
-export([main/0]).

main() ->
    F = fun(X) -> X * X + 1 end,
    {pmap(F, lists:seq(1, 20)), pmap(fun lists:reverse/1, ["abc", "de", ""])}.

pmap(F, L) ->
    Main = self(),
    Pids = [spawn(fun() -> Main ! {self(), F(X)} end) || X <- L],
    [receive {P, R} -> R end || P <- Pids].
