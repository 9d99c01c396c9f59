%% is_process_alive/1: true for self and a waiting child, false once the child has ended.
-module(info_alive).
-export([main/0]).

main() ->
    P = spawn(fun() -> receive stop -> ok end end),
    A = is_process_alive(self()),
    B = is_process_alive(P),
    Ref = monitor(process, P),
    P ! stop,
    receive {'DOWN', Ref, process, P, _} -> ok end,
    C = is_process_alive(P),
    D = try is_process_alive(not_a_pid) catch error:E -> E end,
    {A, B, C, D}.
