%% A timer aimed at a process that has ended returns a reference and delivers nothing, harmlessly.
-module(timer_to_dead).
-export([main/0]).

main() ->
    {P, Ref} = spawn_monitor(fun() -> ok end),
    receive {'DOWN', Ref, process, P, _} -> ok end,
    T = erlang:send_after(20, P, lost),
    erlang:send_after(40, self(), control),
    C = receive control -> control end,
    {is_reference(T), C, erlang:cancel_timer(T)}.
