%% state_enter with handle_event_function: the enter call on start (old
%% state = initial state), on every state change, not on a same-state
%% next_state, and on repeat_state / repeat_state_and_data.
-module(statem_enter_hef).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, [], []),
    Steps = [{go, a}, {go, a}, {go, b}, repeat, repeat_data, keep, {go, {c, 1}}],
    [gen_statem:call(P, S) || S <- Steps],
    lists:reverse(gen_statem:call(P, log)).

init([]) -> {ok, start, []}.

callback_mode() -> [handle_event_function, state_enter].

handle_event(enter, Old, State, Log) ->
    {keep_state, [{enter, Old, State} | Log]};
handle_event({call, From}, log, _State, Log) ->
    {keep_state_and_data, {reply, From, Log}};
handle_event({call, From}, {go, S}, _State, Log) ->
    {next_state, S, [{go, S} | Log], {reply, From, ok}};
handle_event({call, From}, repeat, _State, Log) ->
    {repeat_state, [repeat | Log], [{reply, From, ok}]};
handle_event({call, From}, repeat_data, _State, _Log) ->
    {repeat_state_and_data, [{reply, From, ok}]};
handle_event({call, From}, keep, _State, Log) ->
    {keep_state, [keep | Log], [{reply, From, ok}]}.
