%% erlang:yield/0 returns true and lets other processes run; a yielding loop sees a child's message.
-module(info_yield).
-export([main/0]).

main() ->
    Main = self(),
    spawn(fun() -> Main ! from_child end),
    {yield_until_message(0) > -1, erlang:yield()}.

yield_until_message(N) ->
    case process_info(self(), message_queue_len) of
        {message_queue_len, 0} -> true = erlang:yield(), yield_until_message(N + 1);
        _ -> receive from_child -> N end
    end.
