%% A child catches its own errors with try and reports class and reason; it then ends normally.
-module(exc_caught_in_child).
-export([main/0]).

main() ->
    Main = self(),
    {P, Ref} = spawn_monitor(fun() ->
        R = [try F() of V -> {ok, V} catch C:E -> {C, E} end
             || F <- [fun() -> 1 + 1 end, fun() -> throw(t) end, fun() -> exit(e) end, fun() -> error(r) end]],
        Main ! {self(), R}
    end),
    Results = receive {P, Rs} -> Rs end,
    Down = receive {'DOWN', Ref, process, P, D} -> D end,
    {Results, Down}.
