%% exit(Trapper, Reason) from another process arrives as {'EXIT', Sender, Reason}, even without a link.
-module(trap_exit2_message).
-export([main/0]).

main() ->
    process_flag(trap_exit, true),
    Main = self(),
    Sender = spawn(fun() -> exit(Main, please_stop), exit(Main, normal), Main ! sent end),
    receive sent -> ok end,
    A = receive {'EXIT', S1, R1} -> {S1 =:= Sender, R1} end,
    B = receive {'EXIT', S2, R2} -> {S2 =:= Sender, R2} end,
    {links, L} = process_info(self(), links),
    {A, B, L}.
