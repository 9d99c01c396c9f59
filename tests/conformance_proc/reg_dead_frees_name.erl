%% A registered process that ends frees its name: whereis gives undefined and the name can be reused.
-module(reg_dead_frees_name).
-export([main/0]).

main() ->
    P = spawn(fun() -> receive stop -> ok end end),
    register(worker, P),
    Ref = monitor(process, P),
    worker ! stop,
    receive {'DOWN', Ref, process, P, normal} -> ok end,
    A = whereis(worker),
    Q = spawn(fun() -> receive {From, ping} -> From ! pong end end),
    B = register(worker, Q),
    worker ! {self(), ping},
    C = receive pong -> pong end,
    {A, B, C}.
