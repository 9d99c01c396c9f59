%% repeat_state keeps a running state timeout (no state change) but, like
%% any event, cancels the event timeout; the enter call runs again and may
%% restart the state timeout.
-module(statem_repeat_timeouts).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, self(), []),
    gen_statem:cast(P, {arm, [{state_timeout, 60, st}, {timeout, 30, ev}]}),
    gen_statem:cast(P, repeat),
    receive {fired, A} -> io:format("fired ~p~n", [A]) end,
    gen_statem:cast(P, {arm, [{state_timeout, 40, st2}]}),
    gen_statem:cast(P, repeat_restart),
    receive {fired, B} -> io:format("fired ~p~n", [B]) end,
    lists:reverse(gen_statem:call(P, log)).

init(Par) -> {ok, s, {Par, []}}.

callback_mode() -> [handle_event_function, state_enter].

handle_event(enter, _, _, {Par, [repeat_restart | _] = L}) ->
    {keep_state, {Par, [enter | L]}, [{state_timeout, 10, from_enter}]};
handle_event(enter, _, _, {Par, L}) ->
    {keep_state, {Par, [enter | L]}};
handle_event(cast, {arm, As}, _, {Par, L}) ->
    {keep_state, {Par, [arm | L]}, As};
handle_event(cast, repeat, _, {Par, L}) ->
    {repeat_state, {Par, [repeat | L]}};
handle_event(cast, repeat_restart, _, {Par, L}) ->
    {repeat_state, {Par, [repeat_restart | L]}};
handle_event(T, M, _, {Par, L}) when T =:= state_timeout; T =:= timeout ->
    Par ! {fired, M},
    {keep_state, {Par, [{T, M} | L]}};
handle_event({call, From}, log, _, {_, L}) ->
    {keep_state_and_data, {reply, From, L}}.
