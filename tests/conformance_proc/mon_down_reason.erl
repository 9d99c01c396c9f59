%% The DOWN message carries the exit reason; monitoring does not link (the monitor survives the crash).
-module(mon_down_reason).
-export([main/0]).

main() ->
    P = spawn(fun() -> receive go -> exit({failed, 3}) end end),
    Ref = monitor(process, P),
    P ! go,
    R = receive {'DOWN', Ref, process, P, Why} -> Why end,
    {links, L} = process_info(self(), links),
    {R, L, still_alive}.
