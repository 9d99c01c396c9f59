%% A restarting supervisor: the worker crashes twice then runs; calls made through the supervisor succeed.
-module(app_supervisor_recovers).
-export([main/0]).

main() ->
    Main = self(),
    Sup = spawn(fun() -> process_flag(trap_exit, true), start_worker(Main, 1) end),
    receive {running, Gen} -> ok end,
    Sup ! {ask, self(), 10},
    Answer = receive {answer, A} -> A end,
    {Gen, Answer}.

start_worker(Main, Gen) ->
    W = spawn_link(fun() -> worker(Gen) end),
    receive
        {'EXIT', W, {init_failed, Gen}} -> start_worker(Main, Gen + 1);
        {worker_up, W} -> Main ! {running, Gen}, serve(W)
    end.

serve(W) ->
    receive
        {ask, From, X} -> W ! {ask, From, X}, serve(W)
    end.

worker(Gen) when Gen < 3 -> exit({init_failed, Gen});
worker(Gen) ->
    link_parent_up(),
    loop(Gen).

link_parent_up() ->
    {links, [Sup]} = process_info(self(), links),
    Sup ! {worker_up, self()}.

loop(Gen) ->
    receive {ask, From, X} -> From ! {answer, {gen, Gen, X * X}}, loop(Gen) end.
