%% App: a traffic light (state_functions + state_enter) cycling on state
%% timeouts, counting cycles; a pedestrian button postponed while red;
%% the light stops itself after three cycles and the owner is told.
-module(statem_app_traffic).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, red/3, green/3, yellow/3, terminate/3]).

main() ->
    {ok, {P, Ref}} = gen_statem:start_monitor(?MODULE, self(), []),
    receive {P, seen, green, 1} -> ok end,
    gen_statem:cast(P, button),
    receive {'DOWN', Ref, process, P, R} -> io:format("light stopped: ~p~n", [R]) end,
    done.

init(Owner) -> {ok, red, #{owner => Owner, cycles => 0, buttons => 0}}.

callback_mode() -> [state_functions, state_enter].

red(enter, _, #{cycles := 3} = D) ->
    io:format("red: done after 3 cycles, ~p button(s)~n", [maps:get(buttons, D)]),
    {stop, normal};
red(enter, Old, D) ->
    io:format("red (from ~p)~n", [Old]),
    {keep_state_and_data, [{state_timeout, 5, go}]};
red(state_timeout, go, #{cycles := C} = D) ->
    {next_state, green, D#{cycles := C + 1}};
red(cast, button, _) ->
    io:format("button while red: postponed~n"),
    {keep_state_and_data, postpone}.

green(enter, _, #{owner := O, cycles := C}) ->
    io:format("green, cycle ~p~n", [C]),
    O ! {self(), seen, green, C},
    {keep_state_and_data, [{state_timeout, 60, slow}]};
green(cast, button, #{buttons := B} = D) ->
    io:format("button while green: hurry~n"),
    {next_state, yellow, D#{buttons := B + 1}};
green(state_timeout, slow, D) ->
    {next_state, yellow, D}.

yellow(enter, Old, _) ->
    io:format("yellow (from ~p)~n", [Old]),
    {keep_state_and_data, [{state_timeout, 5, stop}]};
yellow(state_timeout, stop, D) ->
    {next_state, red, D}.

terminate(R, S, _) -> io:format("terminate ~p in ~p~n", [R, S]).
