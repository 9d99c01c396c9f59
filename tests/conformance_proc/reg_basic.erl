%% register/2, whereis/1 and sending to a registered name.
-module(reg_basic).
-export([main/0]).

main() ->
    P = spawn(fun() -> receive {From, X} -> From ! {echo, X} end end),
    A = register(echo_server, P),
    B = whereis(echo_server) =:= P,
    echo_server ! {self(), hello},
    C = receive {echo, M} -> M end,
    {A, B, C}.
