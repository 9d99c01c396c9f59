%% proc_lib: a child that dies before init_ack: start/3 gives {error, Reason}; start_link/3
%% (caller trapping) gives {error, Reason} and the 'EXIT' is consumed.
-module(gs_proclib_start_crash).
-export([main/0, child/1]).

main() ->
    A = proc_lib:start(?MODULE, child, [exit]),
    {error, {badarith, _}} = proc_lib:start(?MODULE, child, [error]),
    process_flag(trap_exit, true),
    B = proc_lib:start_link(?MODULE, child, [exit]),
    Left = receive X -> {left, X} after 50 -> none end,
    {A, B, Left}.

child(exit) -> exit(died_early);
child(error) -> 1 / zero().
zero() -> 0.
