%% stop, {stop,R}, {stop,R,NewData}, stop_and_reply (with one reply, a list,
%% and new data): terminate/3 gets the reason, the state and the data; the
%% monitor sees the reason; replies arrive before the DOWN.
-module(statem_stop_returns).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4, terminate/3]).

main() ->
    Cases = [stop, {stop, why}, {stop, normal}, {stop, shutdown}, {stop, {shutdown, x}},
             {stop_data, why2}, sar1, sar_list, sar_data, sar_none],
    [io:format("~p -> ~p~n", [C, run(C)]) || C <- Cases],
    done.

run(C) ->
    {ok, {P, Ref}} = gen_statem:start_monitor(?MODULE, [], []),
    R = (catch gen_statem:call(P, C)),
    Reply = case R of
                {'EXIT', {Why, {gen_statem, call, [P, C, infinity]}}} -> {call_exit, Why};
                Other -> Other
            end,
    receive {'DOWN', Ref, process, P, Reason} -> {Reply, Reason} end.

init([]) -> {ok, state1, data1}.

callback_mode() -> handle_event_function.

handle_event({call, _}, stop, _, _) -> stop;
handle_event({call, _}, {stop, R}, _, _) -> {stop, R};
handle_event({call, _}, {stop_data, R}, _, _) -> {stop, R, data2};
handle_event({call, From}, sar1, _, _) -> {stop_and_reply, bye, {reply, From, one}};
handle_event({call, From}, sar_list, _, _) ->
    {stop_and_reply, normal, [{reply, From, first}, {reply, From, second}]};
handle_event({call, From}, sar_data, _, _) ->
    {stop_and_reply, {shutdown, d}, [{reply, From, with_data}], data3};
handle_event({call, _}, sar_none, _, _) -> {stop_and_reply, quiet, []}.

terminate(R, S, D) -> io:format("  terminate(~p, ~p, ~p)~n", [R, S, D]), ignored.
