%% send_after/3 to a registered name: the name is looked up when the timer fires.
-module(timer_to_name).
-export([main/0]).

main() ->
    Main = self(),
    erlang:send_after(100, late_name, {hello, from_timer}),
    P = spawn(fun() -> receive M -> Main ! {got, M} end end),
    register(late_name, P),
    receive {got, M} -> M end.
