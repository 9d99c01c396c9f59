%% gen_server: handle_call/3 returning {stop, Reason, S} (no reply): the caller exits with
%% {Reason, {gen_server, call, ...}}.
-module(gs_call_stop_noreply).
-export([main/0, init/1, handle_call/3, terminate/2]).

main() ->
    {ok, _} = gen_server:start({local, gs_sn}, ?MODULE, [], []),
    A = catch gen_server:call(gs_sn, quit),
    {ok, _} = gen_server:start({local, gs_sn}, ?MODULE, [], []),
    B = catch gen_server:call(gs_sn, {quit, custom}),
    {A, B}.

init([]) -> {ok, s}.
handle_call(quit, _, S) -> {stop, normal, S};
handle_call({quit, R}, _, S) -> {stop, R, S}.
terminate(Why, _) -> io:format("terminate ~p~n", [Why]).
