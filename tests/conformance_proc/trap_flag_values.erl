%% process_flag(trap_exit, B) returns the previous value of the flag.
-module(trap_flag_values).
-export([main/0]).

main() ->
    A = process_flag(trap_exit, true),
    B = process_flag(trap_exit, true),
    C = process_flag(trap_exit, false),
    D = process_flag(trap_exit, false),
    E = try process_flag(trap_exit, maybe) catch error:X -> X end,
    [A, B, C, D, E].
