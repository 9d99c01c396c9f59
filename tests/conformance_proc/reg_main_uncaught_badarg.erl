%% main/0 sends to an unregistered name without catching: the uncaught badarg ends the run.
-module(reg_main_uncaught_badarg).
-export([main/0]).

main() ->
    P = spawn(fun() -> receive _ -> ok end end),
    register(known, P),
    known ! fine,
    io:format("sent to known~n"),
    unknown ! oops,
    io:format("not reached~n").
