%% gen_server: a call that is never answered times out with the request in the reason.
-module(gs_call_timeout_noreply).
-export([main/0, init/1, handle_call/3]).

main() ->
    {ok, _} = gen_server:start({local, gs_mute}, ?MODULE, [], []),
    A = catch gen_server:call(gs_mute, hello, 10),
    B = catch gen_server:call(gs_mute, {again, 1}, 0),
    {A, B}.

init([]) -> {ok, []}.
handle_call(_, _, S) -> {noreply, S}.
