%% 500 monitored children exit with their index; every DOWN arrives with its own reason.
-module(mon_many).
-export([main/0]).

main() ->
    Ms = [spawn_monitor(fun() -> exit(I) end) || I <- lists:seq(1, 500)],
    Rs = [receive {'DOWN', Ref, process, P, R} -> R end || {P, Ref} <- Ms],
    {length(Rs), lists:sum(Rs), Rs =:= lists:seq(1, 500)}.
