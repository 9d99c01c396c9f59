%% A child prints, then crashes; its output stays, and main reports the crash after it.
-module(exc_after_output).
-export([main/0]).

main() ->
    {P, Ref} = spawn_monitor(fun() ->
        io:format("child: working~n"),
        io:format("child: about to fail~n"),
        erlang:error(oops)
    end),
    receive {'DOWN', Ref, process, P, {R, _}} -> io:format("main: child failed with ~p~n", [R]) end,
    ok.
