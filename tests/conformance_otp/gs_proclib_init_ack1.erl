%% proc_lib: init_ack/1 answers the process that called start/start_link.
-module(gs_proclib_init_ack1).
-export([main/0, child/1]).

main() ->
    A = proc_lib:start_link(?MODULE, child, [one]),
    B = proc_lib:start(?MODULE, child, [two]),
    {A, B}.

child(X) ->
    proc_lib:init_ack({started, X}),
    receive after 100 -> ok end.
