%% gen_server: a server trapping exits gets terminate/2 when its parent (the process that
%% called start_link) sends an exit signal; normal from the parent terminates it too.
-module(gs_terminate_trap_parent).
-export([main/0, init/1, handle_info/2, terminate/2]).

main() ->
    [run(R) || R <- [shutdown, normal, {shutdown, x}, crash]].

run(Reason) ->
    Self = self(),
    Parent = spawn(fun() ->
        {ok, P} = gen_server:start_link(?MODULE, Reason, []),
        Self ! {server, P},
        receive go -> exit(Reason) end
    end),
    P = receive {server, S} -> S end,
    Ref = monitor(process, P),
    Parent ! go,
    receive {'DOWN', Ref, process, _, Why} -> {Reason, Why} end.

init(R) -> process_flag(trap_exit, true), {ok, R}.
handle_info(Msg, S) -> io:format("unexpected ~p~n", [Msg]), {noreply, S}.
terminate(Why, R) -> io:format("terminate ~p (expected ~p)~n", [Why, R]).
