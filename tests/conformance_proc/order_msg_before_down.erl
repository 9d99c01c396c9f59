%% A message sent just before exiting arrives before the DOWN message of that exit.
-module(order_msg_before_down).
-export([main/0]).

main() ->
    Main = self(),
    {Pid, Ref} = spawn_monitor(fun() -> Main ! {last_words, self()}, exit(bye) end),
    First = receive X -> X end,
    Second = receive Y -> Y end,
    {element(1, First), element(2, First) =:= Pid,
     element(1, Second), element(2, Second) =:= Ref, element(5, Second)}.
