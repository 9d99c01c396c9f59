%% sys:suspend/1,2 and sys:resume/1,2 on a gen_event manager: while
%% suspended it answers only system messages (get_state works), events and
%% calls wait in its mailbox and are handled in order after resume.
-module(sys_event_suspend).
-export([main/0, init/1, handle_event/2, handle_call/2]).

init(L) -> {ok, L}.
handle_event(E, L) -> {ok, [E | L]}.
handle_call(get, L) -> {ok, lists:reverse(L), L}.

main() ->
    {ok, M} = gen_event:start(),
    ok = gen_event:add_handler(M, ?MODULE, []),
    gen_event:notify(M, before),
    io:format("suspend ~p~n", [sys:suspend(M)]),
    gen_event:notify(M, while_suspended),
    Self = self(),
    spawn(fun() -> Self ! {call_result, gen_event:call(M, ?MODULE, get)} end),
    io:format("state while suspended ~p~n", [sys:get_state(M)]),
    io:format("suspend again ~p~n", [sys:suspend(M, 1000)]),
    receive {call_result, _} = Early -> io:format("early ~p~n", [Early]) after 50 -> io:format("no reply while suspended~n") end,
    io:format("resume ~p~n", [sys:resume(M)]),
    receive {call_result, R} -> io:format("call after resume ~p~n", [R]) end,
    gen_event:notify(M, after_resume),
    io:format("~p~n", [gen_event:call(M, ?MODULE, get)]),
    io:format("resume running ~p~n", [sys:resume(M, 1000)]),
    gen_event:stop(M).
