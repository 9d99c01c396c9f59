%% proc_lib: start/4 and start_link/4 give {error, timeout} when the child never acks, and
%% the child is killed.
-module(gs_proclib_start_timeout).
-export([main/0, child/1]).

main() ->
    A = proc_lib:start(?MODULE, child, [self()], 30),
    B = proc_lib:start_link(?MODULE, child, [self()], 30),
    receive after 100 -> ok end,
    Left = receive X -> {left, X} after 0 -> none end,
    {A, B, Left}.

child(Main) ->
    register(gs_pl_child, self()),
    receive after 2000 -> Main ! too_late end.
