%% Messages a process sends itself keep their order among themselves, whatever a child sends meanwhile.
-module(order_self_and_child).
-export([main/0]).

main() ->
    Main = self(),
    spawn(fun() -> [Main ! {child, I} || I <- lists:seq(1, 100)], Main ! child_done end),
    [self() ! {own, I} || I <- lists:seq(1, 100)],
    receive child_done -> ok end,
    Own = [receive {own, I} -> I end || _ <- lists:seq(1, 100)],
    Child = [receive {child, I} -> I end || _ <- lists:seq(1, 100)],
    {Own =:= lists:seq(1, 100), Child =:= lists:seq(1, 100)}.
