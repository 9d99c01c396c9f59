%% gen_statem:reply/2 and reply/1 (one {reply,From,R} or a list) from a
%% callback, a reply sent later from another event, replying twice (the
%% second is dropped by the caller's call), reply/2 returns ok.
-module(statem_reply_api).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, [], []),
    A = gen_statem:call(P, direct),
    B = gen_statem:call(P, single_tuple),
    C = gen_statem:call(P, list),
    Me = self(),
    W = spawn(fun() -> Me ! {waiter, gen_statem:call(P, wait)} end),
    wait_until_waiting(P),
    ok = gen_statem:call(P, release),
    D = receive {waiter, X} -> X end,
    E = gen_statem:call(P, twice),
    Stray = receive {_, second} -> stray_second after 50 -> no_stray end,
    _ = W,
    {A, B, C, D, E, Stray}.

wait_until_waiting(P) ->
    case gen_statem:call(P, has_waiter) of
        true -> ok;
        false -> receive after 1 -> wait_until_waiting(P) end
    end.

init([]) -> {ok, s, none}.

callback_mode() -> handle_event_function.

handle_event({call, From}, direct, _, _) ->
    ok = gen_statem:reply(From, direct_reply),
    keep_state_and_data;
handle_event({call, From}, single_tuple, _, _) ->
    ok = gen_statem:reply({reply, From, tuple_reply}),
    keep_state_and_data;
handle_event({call, From}, list, _, _) ->
    ok = gen_statem:reply([{reply, From, list_reply}]),
    keep_state_and_data;
handle_event({call, From}, wait, _, none) ->
    {keep_state, From};
handle_event({call, From}, has_waiter, _, W) ->
    {keep_state_and_data, {reply, From, W =/= none}};
handle_event({call, From}, release, _, W) ->
    {keep_state, none, [{reply, W, released}, {reply, From, ok}]};
handle_event({call, From}, twice, _, _) ->
    {keep_state_and_data, [{reply, From, first}, {reply, From, second}]}.
