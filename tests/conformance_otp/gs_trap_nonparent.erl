%% gen_server: a trapping server gets the 'EXIT' of a linked process that is not its
%% parent in handle_info/2.
-module(gs_trap_nonparent).
-export([main/0, init/1, handle_call/3, handle_info/2, terminate/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, [], []),
    ok = gen_server:call(P, spawn_linked),
    ok = gen_server:call(P, spawn_linked_crash),
    receive after 50 -> ok end,
    L = gen_server:call(P, log),
    ok = gen_server:stop(P),
    L.

init([]) -> process_flag(trap_exit, true), {ok, []}.
handle_call(spawn_linked, _, L) -> spawn_link(fun() -> ok end), {reply, ok, L};
handle_call(spawn_linked_crash, _, L) -> spawn_link(fun() -> exit(crashed) end), {reply, ok, L};
handle_call(log, _, L) -> {reply, lists:sort(L), L}.
handle_info({'EXIT', _Pid, Why}, L) -> {noreply, [{exit, Why} | L]}.
terminate(Why, L) -> io:format("terminate ~p ~p~n", [Why, length(L)]).
