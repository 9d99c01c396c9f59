%% proc_lib: spawn_link/1,3 start a linked process running the fun or M:F(A).
-module(gs_proclib_spawn_link).
-export([main/0, worker/2]).

main() ->
    process_flag(trap_exit, true),
    Self = self(),
    P = proc_lib:spawn_link(fun() -> Self ! {fun_ran, 1} end),
    A = receive {fun_ran, N} -> N end,
    EA = receive {'EXIT', P, WA} -> WA end,
    Q = proc_lib:spawn_link(?MODULE, worker, [Self, 7]),
    B = receive {worker_ran, M} -> M end,
    EB = receive {'EXIT', Q, WB} -> WB end,
    R = proc_lib:spawn_link(fun() -> exit(oops) end),
    EC = receive {'EXIT', R, WC} -> WC end,
    {A, EA, B, EB, EC}.

worker(Parent, N) -> Parent ! {worker_ran, N * 6}.
