%% process_info(_, status): running for the caller, waiting for a process blocked in receive.
-module(info_status).
-export([main/0]).

main() ->
    {status, Mine} = process_info(self(), status),
    P = spawn(fun() -> receive stop -> ok end end),
    Waiting = wait_status(P, waiting, 1000),
    P ! stop,
    {Mine, Waiting}.

wait_status(_P, _S, 0) -> gave_up;
wait_status(P, S, K) ->
    case process_info(P, status) of
        {status, S} -> S;
        _ -> receive after 1 -> wait_status(P, S, K - 1) end
    end.
