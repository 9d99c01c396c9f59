%% A hand-written supervisor restarts a crashing worker up to 3 times, then gives up and reports.
-module(app_supervisor).
-export([main/0]).

main() ->
    Main = self(),
    spawn(fun() -> supervisor(Main) end),
    Log = collect([]),
    Log.

supervisor(Main) ->
    process_flag(trap_exit, true),
    supervise(Main, 1).

supervise(Main, Gen) when Gen > 4 ->
    Main ! {log, {giving_up, Gen - 1}},
    Main ! done;
supervise(Main, Gen) ->
    W = spawn_link(fun() -> worker(Gen) end),
    Main ! {log, {started, Gen}},
    receive
        {'EXIT', W, normal} -> Main ! {log, {finished, Gen}}, Main ! done;
        {'EXIT', W, Reason} -> Main ! {log, {crashed, Gen, Reason}}, supervise(Main, Gen + 1)
    end.

worker(Gen) -> exit({failure, Gen}).

collect(Acc) ->
    receive
        {log, E} -> collect([E | Acc]);
        done -> lists:reverse(Acc)
    end.
