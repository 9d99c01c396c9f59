%% gen_event:stop/3 with a reason other than normal: the manager exits
%% with it (a linked caller trapping exits sees it), and stop returns ok.
-module(event_stop_reason).
-export([main/0, init/1, handle_event/2, handle_call/2, terminate/2]).

init(S) -> {ok, S}.
handle_event(_, S) -> {ok, S}.
handle_call(get, S) -> {ok, S, S}.
terminate(Why, S) -> io:format("terminate ~p ~p~n", [S, Why]), ok.

main() ->
    process_flag(trap_exit, true),
    {ok, M} = gen_event:start_link(),
    ok = gen_event:add_handler(M, ?MODULE, only),
    io:format("stop ~p~n", [gen_event:stop(M, {shutdown, because}, 1000)]),
    receive {'EXIT', M, R} -> io:format("EXIT ~p~n", [R]) end,
    {ok, M2} = gen_event:start_link(),
    io:format("stop ~p~n", [gen_event:stop(M2, custom_reason, infinity)]),
    receive {'EXIT', M2, R2} -> io:format("EXIT ~p~n", [R2]) end,
    ok.
