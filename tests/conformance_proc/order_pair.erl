%% Messages from one sender to one receiver arrive in the order sent (1,000 numbered messages).
-module(order_pair).
-export([main/0]).

main() ->
    Main = self(),
    spawn(fun() -> [Main ! {n, I} || I <- lists:seq(1, 1000)], Main ! done end),
    receive done -> ok end,
    L = [receive {n, I} -> I after 0 -> missing end || _ <- lists:seq(1, 1000)],
    {length(L), L =:= lists:seq(1, 1000)}.
