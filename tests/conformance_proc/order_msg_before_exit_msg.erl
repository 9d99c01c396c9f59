%% With trap_exit, a linked child's last message arrives before its {'EXIT', ...} message.
-module(order_msg_before_exit_msg).
-export([main/0]).

main() ->
    process_flag(trap_exit, true),
    Main = self(),
    Pid = spawn_link(fun() -> Main ! one, Main ! two, exit(three) end),
    L = [receive X -> X end || _ <- [1, 2, 3]],
    [case M of {'EXIT', P, R} when P =:= Pid -> {exit_from_child, R}; _ -> M end || M <- L].
