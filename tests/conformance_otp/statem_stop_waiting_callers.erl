%% Callers blocked on postponed calls when the machine stops: each gets
%% the exit {Reason, {gen_statem, call, [Name, Req, infinity]}}; the
%% terminate/3 callback runs before they are released.
-module(statem_stop_waiting_callers).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4, terminate/3]).

main() ->
    {ok, _} = gen_statem:start({local, gate}, ?MODULE, [], []),
    Me = self(),
    Ps = [spawn(fun() -> Me ! {self(), catch gen_statem:call(gate, {wait, N})} end) || N <- [1, 2, 3]],
    wait_count(3),
    gen_statem:cast(gate, {shut, closing_time}),
    [receive {P, R} -> io:format("~p~n", [R]) end || P <- Ps],
    done.

wait_count(N) ->
    case gen_statem:call(gate, count) of
        N -> ok;
        _ -> receive after 1 -> wait_count(N) end
    end.

init([]) -> {ok, closed, 0}.

callback_mode() -> handle_event_function.

handle_event({call, _}, {wait, _}, closed, N) -> {keep_state, N + 1, postpone};
handle_event({call, From}, count, _, N) -> {keep_state_and_data, {reply, From, N}};
handle_event(cast, {shut, R}, _, _) -> {stop, R}.

terminate(R, S, N) -> io:format("terminate(~p, ~p, ~p)~n", [R, S, N]).
