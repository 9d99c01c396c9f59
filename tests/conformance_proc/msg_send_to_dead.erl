%% Sending to a pid that has ended is not an error: the message is dropped and the send returns it.
-module(msg_send_to_dead).
-export([main/0]).

main() ->
    {P, Ref} = spawn_monitor(fun() -> ok end),
    receive {'DOWN', Ref, process, P, _} -> ok end,
    A = (P ! lost),
    B = erlang:send(P, lost_too),
    {A, B, is_process_alive(P)}.
