%% A grandchild's uncaught throw is seen by its monitoring parent, which reports it to main.
-module(exc_grandchild).
-export([main/0]).

main() ->
    Main = self(),
    spawn(fun() ->
        {G, Ref} = spawn_monitor(fun() -> throw(deep) end),
        receive {'DOWN', Ref, process, G, {R, _}} -> Main ! {grandchild, R} end
    end),
    receive {grandchild, R} -> R end.
