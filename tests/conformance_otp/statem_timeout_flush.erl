%% A timeout whose message is already in the mailbox when it is cancelled
%% or restarted never reaches the machine: an event timeout cancelled by
%% an event, a generic one cancelled and one restarted, a state timeout
%% restarted; only the restarted timers fire, once.
-module(statem_timeout_flush).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, self(), []),
    %% arm, then sleep inside the machine while they expire, with the
    %% cancelling events queued behind
    gen_statem:cast(P, {arm, [{timeout, 5, ev}, {{timeout, g}, 5, g}, {{timeout, h}, 5, h},
                              {state_timeout, 5, st}, {next_event, internal, sleep}]}),
    gen_statem:cast(P, {arm, [{{timeout, g}, cancel}, {{timeout, h}, 20, h2},
                              {state_timeout, 30, st2}]}),
    receive {fired, state_timeout, st2} -> ok end,
    receive after 50 -> ok end,
    lists:reverse(gen_statem:call(P, log)).

init(Par) -> {ok, s, {Par, []}}.

callback_mode() -> handle_event_function.

handle_event(cast, {arm, As}, _, {Par, L}) -> {keep_state, {Par, [arm | L]}, As};
handle_event(internal, sleep, _, {Par, L}) ->
    receive after 60 -> ok end,
    {keep_state, {Par, [slept | L]}};
handle_event({call, From}, log, _, {_, L}) -> {keep_state_and_data, {reply, From, L}};
handle_event(T, M, _, {Par, L}) -> Par ! {fired, T, M}, {keep_state, {Par, [{T, M} | L]}}.
