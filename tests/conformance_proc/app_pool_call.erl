%% A pool of 3 workers behind a dispatcher; 12 calls are answered, each by a worker, with tagged replies.
-module(app_pool_call).
-export([main/0]).

main() ->
    Workers = [spawn(fun worker/0) || _ <- [1, 2, 3]],
    D = spawn(fun() -> dispatch(Workers) end),
    Replies = [call(D, N) || N <- lists:seq(1, 12)],
    {Replies, length(lists:usort([W || {_, W} <- Replies]))}.

call(D, N) ->
    Ref = make_ref(),
    D ! {job, self(), Ref, N},
    receive {Ref, Result, WorkerIndex} -> {Result, WorkerIndex} end.

%% round robin: the worker's position in the pool is part of the reply
dispatch(Workers) -> dispatch(Workers, 1).
dispatch(Workers, I) ->
    receive
        {job, From, Ref, N} ->
            lists:nth(I, Workers) ! {work, From, Ref, N, I},
            dispatch(Workers, I rem length(Workers) + 1)
    end.

worker() ->
    receive
        {work, From, Ref, N, I} -> From ! {Ref, N * N, I}, worker()
    end.
