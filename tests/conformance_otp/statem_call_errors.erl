%% call/2,3 failures: noproc for a dead pid and an unregistered name,
%% timeout (a server that never answers), {dirty_timeout,T} and
%% {clean_timeout,T}, a bad timeout tuple (badarg), the server dying during
%% the call; each exit wrapped as {Reason, {gen_statem, call, Args}}.
-module(statem_call_errors).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start({local, srv}, ?MODULE, [], []),
    show(catch gen_statem:call(nosuch, hello)),
    show(catch gen_statem:call(nosuch, hello, 100)),
    show(catch gen_statem:call(srv, ignore_me, 30)),
    show(catch gen_statem:call(srv, ignore_me, {dirty_timeout, 30})),
    show(catch gen_statem:call(srv, ignore_me, {clean_timeout, 30})),
    show(catch gen_statem:call(srv, hello, {dirty_timeout, infinity})),
    show(catch gen_statem:call(srv, hello, {clean_timeout, 1000})),
    {'EXIT', {badarg, _}} = (catch gen_statem:call(srv, hello, {other, 10})),
    io:format("bad timeout tuple: badarg~n"),
    show(catch gen_statem:call(srv, die)),
    Dead = (catch gen_statem:call(P, hello)),
    case Dead of
        {'EXIT', {noproc, {gen_statem, call, [P, hello, infinity]}}} -> io:format("dead pid: noproc~n");
        _ -> io:format("dead pid: ~p~n", [Dead])
    end,
    show(catch gen_statem:call(srv, hello)),
    done.

show(X) -> io:format("~p~n", [X]).

init([]) -> {ok, s, []}.

callback_mode() -> handle_event_function.

handle_event({call, _}, ignore_me, _, _) -> keep_state_and_data;
handle_event({call, From}, hello, _, _) -> {keep_state_and_data, {reply, From, hi}};
handle_event({call, _}, die, _, _) -> {stop, {shutdown, died}}.
