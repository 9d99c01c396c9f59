%% exit/1 inside catch or try in a child is caught there; the child goes on and ends normally.
-module(exit1_caught_in_child).
-export([main/0]).

main() ->
    Main = self(),
    {P, Ref} = spawn_monitor(fun() ->
        A = (catch exit(first)),
        B = try exit(second) catch exit:X -> {caught, X} end,
        Main ! {self(), A, B}
    end),
    Msg = receive {P, A, B} -> {A, B} end,
    Down = receive {'DOWN', Ref, process, P, R} -> R end,
    {Msg, Down}.
