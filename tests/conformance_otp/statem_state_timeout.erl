%% State timeout: survives other events in the same state, is cancelled by
%% a state change, restarted by a new state_timeout (the last one of an
%% action list wins), cancelled by infinity and by {state_timeout, cancel}.
-module(statem_state_timeout).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, self(), []),
    %% fires although events arrive meanwhile
    gen_statem:cast(P, {arm, [{state_timeout, 60, one}]}),
    gen_statem:cast(P, poke),
    gen_statem:cast(P, poke),
    receive {fired, A} -> io:format("fired ~p~n", [A]) end,
    %% cancelled by a state change
    gen_statem:cast(P, {arm, [{state_timeout, 100, two}]}),
    gen_statem:cast(P, {goto, other}),
    %% the last one in a list wins
    gen_statem:cast(P, {arm, [{state_timeout, 10, three_a}, {state_timeout, 40, three_b}]}),
    receive {fired, B} -> io:format("fired ~p~n", [B]) end,
    %% infinity cancels
    gen_statem:cast(P, {arm, [{state_timeout, 100, four}]}),
    gen_statem:cast(P, {arm, [{state_timeout, infinity, four_inf}]}),
    %% cancel form
    gen_statem:cast(P, {arm, [{state_timeout, 100, five}]}),
    gen_statem:cast(P, {arm, [{state_timeout, cancel}]}),
    receive after 300 -> ok end,
    gen_statem:cast(P, {arm, [{state_timeout, 0, six}]}),
    receive {fired, C} -> io:format("fired ~p~n", [C]) end,
    lists:reverse(gen_statem:call(P, log)).

init(Parent) -> {ok, start, {Parent, []}}.

callback_mode() -> handle_event_function.

handle_event(cast, {arm, As}, _, {Par, Log}) ->
    {keep_state, {Par, [{arm, As} | Log]}, As};
handle_event(cast, poke, _, {Par, Log}) ->
    {keep_state, {Par, [poke | Log]}};
handle_event(cast, {goto, S}, _, {Par, Log}) ->
    {next_state, S, {Par, [{goto, S} | Log]}};
handle_event(state_timeout, Msg, State, {Par, Log}) ->
    Par ! {fired, Msg},
    {keep_state, {Par, [{state_timeout, Msg, State} | Log]}};
handle_event({call, From}, log, _, {_, Log}) ->
    {keep_state_and_data, [{reply, From, Log}]}.
