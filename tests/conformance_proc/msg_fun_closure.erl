%% A fun sent in a message runs in the receiving process with its captured values.
-module(msg_fun_closure).
-export([main/0]).

main() ->
    K = 7,
    Worker = spawn(fun worker/0),
    Worker ! {run, self(), fun(X) -> X * K end, 6},
    A = receive {result, R} -> R end,
    Worker ! {run, self(), fun() -> self() =:= Worker end},
    B = receive {result, R2} -> R2 end,
    {A, B}.

worker() ->
    receive
        {run, From, F, Arg} -> From ! {result, F(Arg)}, worker();
        {run, From, F} -> From ! {result, F()}, worker()
    end.
