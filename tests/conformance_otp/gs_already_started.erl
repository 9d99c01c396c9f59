%% gen_server: starting a second server under a taken name: {error, {already_started, Pid}}.
-module(gs_already_started).
-export([main/0, init/1, handle_call/3]).

main() ->
    {ok, P} = gen_server:start({local, gs_one}, ?MODULE, [], []),
    {error, {already_started, Q}} = gen_server:start({local, gs_one}, ?MODULE, [], []),
    {error, {already_started, Q2}} = gen_server:start_link({local, gs_one}, ?MODULE, [], []),
    R = gen_server:call(gs_one, who),
    {P =:= Q, P =:= Q2, R, whereis(gs_one) =:= P}.

init([]) -> io:format("init~n"), {ok, x}.
handle_call(who, _, S) -> {reply, S, S}.
