%% sys:suspend/resume on a gen_server (needs the gen_server of lib/):
%% casts and calls wait while it is suspended and are handled in order
%% after resume; system messages are answered meanwhile.
-module(sys_gs_suspend).
-behaviour(gen_server).
-export([main/0, init/1, handle_call/3, handle_cast/2, handle_info/2]).

init(L) -> {ok, L}.
handle_call(get, _From, L) -> {reply, lists:reverse(L), L}.
handle_cast(X, L) -> {noreply, [{cast, X} | L]}.
handle_info(X, L) -> {noreply, [{info, X} | L]}.

main() ->
    {ok, P} = gen_server:start(?MODULE, [], []),
    gen_server:cast(P, one),
    ok = sys:suspend(P),
    gen_server:cast(P, two),
    P ! three,
    Self = self(),
    spawn(fun() -> Self ! {reply, gen_server:call(P, get)} end),
    io:format("suspended state ~p~n", [sys:get_state(P)]),
    receive {reply, _} -> io:format("replied while suspended~n") after 50 -> io:format("no reply while suspended~n") end,
    ok = sys:resume(P),
    receive {reply, R} -> io:format("reply ~p~n", [R]) end,
    io:format("~p~n", [gen_server:call(P, get)]),
    ok = sys:suspend(P, 1000),
    ok = sys:resume(P, 1000),
    gen_server:stop(P).
