%% `kill` becomes `killed` at the first hop, and `killed` is an ordinary reason afterwards: it travels a chain.
-module(link_kill_chain).
-export([main/0]).

main() ->
    Main = self(),
    A = spawn(fun() ->
        B = spawn_link(fun() ->
            C = spawn_link(fun() -> receive after infinity -> ok end end),
            Main ! {c, C},
            receive after infinity -> ok end
        end),
        Main ! {b, B},
        receive after infinity -> ok end
    end),
    B = receive {b, Pb} -> Pb end,
    C = receive {c, Pc} -> Pc end,
    Refs = [monitor(process, P) || P <- [A, B, C]],
    exit(B, kill),
    [receive {'DOWN', R, process, _, Why} -> Why end || R <- Refs].
