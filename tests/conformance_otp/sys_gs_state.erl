%% sys:get_state/1,2 and sys:replace_state/2,3 on a gen_server (needs the
%% gen_server of lib/): the callback state itself; a replace fun that
%% raises makes sys:replace_state raise error:{callback_failed, ...} and
%% leaves the state alone.
-module(sys_gs_state).
-behaviour(gen_server).
-export([main/0, init/1, handle_call/3, handle_cast/2]).

init(S) -> {ok, S}.
handle_call(get, _From, S) -> {reply, S, S}.
handle_cast({set, S}, _) -> {noreply, S}.

main() ->
    {ok, P} = gen_server:start({local, sys_gs}, ?MODULE, #{n => 1}, []),
    io:format("~p~n", [sys:get_state(sys_gs)]),
    io:format("~p~n", [sys:get_state(P, 1000)]),
    io:format("~p~n", [sys:replace_state(sys_gs, fun(M) -> M#{n := 2, m => x} end)]),
    io:format("~p~n", [gen_server:call(sys_gs, get)]),
    io:format("~p~n", [sys:replace_state(P, fun(_) -> {new, state} end, 1000)]),
    io:format("~p~n", [gen_server:call(P, get)]),
    R = try sys:replace_state(P, fun(_) -> error(bad_fun) end)
        catch C:E -> {C, E}
        end,
    io:format("~p~n", [R]),
    R2 = try sys:replace_state(P, fun(_) -> throw(thrown) end)
         catch C2:E2 -> {C2, E2}
         end,
    io:format("~p~n", [R2]),
    io:format("~p~n", [gen_server:call(P, get)]),
    gen_server:cast(P, {set, {error, looks_like_an_error}}),
    io:format("~p~n", [try sys:get_state(P) catch C3:E3 -> {C3, E3} end]),
    gen_server:stop(P).
