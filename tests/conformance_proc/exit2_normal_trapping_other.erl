%% exit(P, normal) to a trapping process P becomes an {'EXIT', Sender, normal} message there.
-module(exit2_normal_trapping_other).
-export([main/0]).

main() ->
    Main = self(),
    P = spawn(fun() ->
        process_flag(trap_exit, true),
        Main ! ready,
        receive {'EXIT', From, R} -> Main ! {got, From =:= Main, R} end
    end),
    receive ready -> ok end,
    exit(P, normal),
    receive {got, FromMain, R} -> {FromMain, R} end.
