%% Repeated selective receives: messages skipped by one receive are seen again by the next, in arrival order.
-module(selrecv_save_pointer).
-export([main/0]).

main() ->
    [self() ! M || M <- [a, b, c, d, e, f]],
    R1 = receive d -> d end,
    R2 = receive b -> b end,
    R3 = receive f -> f end,
    R4 = receive X -> X end,
    R5 = receive Y -> Y end,
    R6 = receive Z -> Z end,
    Empty = receive W -> W after 0 -> empty end,
    [R1, R2, R3, R4, R5, R6, Empty].
