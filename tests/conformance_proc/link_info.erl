%% process_info(_, links) lists the partners (mapped to names); unlinking and exits remove them.
-module(link_info).
-export([main/0]).

main() ->
    A = spawn_link(fun loop/0),
    B = spawn_link(fun loop/0),
    Names = #{A => a, B => b},
    L1 = names(Names),
    unlink(A),
    L2 = names(Names),
    {links, InB} = process_info(B, links),
    process_flag(trap_exit, true),
    B ! stop,
    receive {'EXIT', B, normal} -> ok end,
    L3 = names(Names),
    A ! stop,
    {L1, L2, InB =:= [self()], L3}.

names(Names) ->
    {links, L} = process_info(self(), links),
    lists:sort([maps:get(P, Names) || P <- L]).

loop() ->
    receive stop -> ok end.
