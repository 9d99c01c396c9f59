%% A job queue served by 4 workers that ask for work; every job is done exactly once.
-module(many_workers_queue).
-export([main/0]).

main() ->
    Main = self(),
    Queue = spawn(fun() -> queue_loop(lists:seq(1, 40), 4, Main) end),
    [spawn(fun() -> worker(Queue, Main) end) || _ <- lists:seq(1, 4)],
    receive all_done -> ok end,
    Results = lists:sort(collect(40, [])),
    {length(Results), Results =:= [J * 3 || J <- lists:seq(1, 40)]}.

queue_loop(Jobs, 0, Main) -> [] = Jobs, Main ! all_done;
queue_loop(Jobs, Active, Main) ->
    receive
        {want, W} ->
            case Jobs of
                [J | Rest] -> W ! {job, J}, queue_loop(Rest, Active, Main);
                [] -> W ! no_more, queue_loop([], Active - 1, Main)
            end
    end.

worker(Queue, Main) ->
    Queue ! {want, self()},
    receive
        {job, J} -> Main ! {result, J * 3}, worker(Queue, Main);
        no_more -> ok
    end.

%% results and all_done come from different senders: wait for all 40
collect(0, Acc) -> Acc;
collect(K, Acc) ->
    receive {result, R} -> collect(K - 1, [R | Acc]) end.
