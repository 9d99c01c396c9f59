%% process_info(self(), monitors) lists {process, Pid} for each active monitor (mapped to names).
-module(mon_info).
-export([main/0]).

main() ->
    A = spawn(fun loop/0),
    B = spawn(fun loop/0),
    Names = #{A => a, B => b},
    RA = monitor(process, A),
    _RB = monitor(process, B),
    L1 = names(Names),
    demonitor(RA),
    L2 = names(Names),
    B ! stop,
    receive {'DOWN', _, process, B, _} -> ok end,
    L3 = names(Names),
    A ! stop,
    {L1, L2, L3}.

names(Names) ->
    {monitors, L} = process_info(self(), monitors),
    lists:sort([{Type, maps:get(P, Names)} || {Type, P} <- L]).

loop() -> receive stop -> ok end.
