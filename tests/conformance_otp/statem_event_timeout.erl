%% Event timeout {timeout,T,Msg}: fires when no event arrives; any event
%% (a cast already queued) cancels it; a bare integer action is an event
%% timeout whose content is the integer; infinity never fires.
-module(statem_event_timeout).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, self(), []),
    %% 1: fires
    gen_statem:cast(P, {arm, {timeout, 20, first}}),
    receive {fired, X1} -> io:format("fired ~p~n", [X1]) end,
    %% 2: cancelled by a cast queued behind the arming one
    gen_statem:cast(P, {arm, {timeout, 200, second}}),
    gen_statem:cast(P, poke),
    %% 3: a bare integer
    gen_statem:cast(P, {arm, 30}),
    receive {fired, X3} -> io:format("fired ~p~n", [X3]) end,
    %% 4: infinity, then a short one in the same state machine later
    gen_statem:cast(P, {arm, {timeout, infinity, never}}),
    receive after 250 -> ok end,
    gen_statem:cast(P, {arm, {timeout, 10, last}}),
    receive {fired, X4} -> io:format("fired ~p~n", [X4]) end,
    lists:reverse(gen_statem:call(P, log)).

init(Parent) -> {ok, s, {Parent, []}}.

callback_mode() -> handle_event_function.

handle_event(cast, {arm, A}, _, {Par, Log}) ->
    {keep_state, {Par, [{arm, A} | Log]}, [A]};
handle_event(cast, poke, _, {Par, Log}) ->
    {keep_state, {Par, [poke | Log]}};
handle_event(timeout, Msg, _, {Par, Log}) ->
    Par ! {fired, Msg},
    {keep_state, {Par, [{timeout, Msg} | Log]}};
handle_event({call, From}, log, _, {_, Log}) ->
    {keep_state_and_data, [{reply, From, Log}]}.
