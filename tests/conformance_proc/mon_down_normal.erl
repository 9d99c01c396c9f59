%% A monitor delivers {'DOWN', Ref, process, Pid, normal} when the process ends normally.
-module(mon_down_normal).
-export([main/0]).

main() ->
    P = spawn(fun() -> receive go -> ok end end),
    Ref = monitor(process, P),
    P ! go,
    receive
        {'DOWN', R, Type, Who, Reason} -> {R =:= Ref, Type, Who =:= P, Reason, is_reference(Ref)}
    end.
