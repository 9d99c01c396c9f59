%% Two monitors on the same process are independent: two DOWN messages with distinct references.
-module(mon_twice).
-export([main/0]).

main() ->
    P = spawn(fun() -> receive go -> exit(twice) end end),
    R1 = monitor(process, P),
    R2 = monitor(process, P),
    P ! go,
    A = receive {'DOWN', R1, process, P, X} -> X end,
    B = receive {'DOWN', R2, process, P, Y} -> Y end,
    {R1 =/= R2, A, B}.
