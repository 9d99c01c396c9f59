%% App: a connection (state_functions): sends while connecting are
%% postponed and flushed in order once connected; a disconnect goes back
%% to connecting with a retry timer (generic timeout) that survives state
%% changes; a stop_and_reply closes it.
-module(statem_app_conn).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, connecting/3, connected/3, terminate/3]).

main() ->
    {ok, C} = gen_statem:start(?MODULE, self(), []),
    [gen_statem:cast(C, {send, N}) || N <- [1, 2, 3]],
    receive {C, connected, 1} -> ok end,
    gen_statem:cast(C, {send, 4}),
    gen_statem:cast(C, drop),
    gen_statem:cast(C, {send, 5}),
    receive {C, connected, 2} -> ok end,
    Sent = gen_statem:call(C, close),
    io:format("sent: ~p~n", [Sent]),
    done.

init(Owner) ->
    {ok, connecting, #{owner => Owner, sent => [], attempts => 0},
     [{{timeout, retry}, 10, attempt}]}.

callback_mode() -> state_functions.

connecting({timeout, retry}, attempt, #{attempts := A, owner := O} = D) ->
    io:format("connect attempt ~p~n", [A + 1]),
    O ! {self(), connected, A + 1},
    {next_state, connected, D#{attempts := A + 1}};
connecting(cast, {send, _}, _) ->
    {keep_state_and_data, postpone};
connecting({call, _}, close, _) ->
    {keep_state_and_data, postpone};
connecting(cast, drop, _) ->
    keep_state_and_data.

connected(cast, {send, N}, #{sent := S} = D) ->
    io:format("send ~p~n", [N]),
    {keep_state, D#{sent := [N | S]}};
connected(cast, drop, D) ->
    io:format("dropped~n"),
    {next_state, connecting, D, [{{timeout, retry}, 10, attempt}]};
connected({call, From}, close, #{sent := S}) ->
    {stop_and_reply, normal, [{reply, From, lists:reverse(S)}]}.

terminate(R, S, _) -> io:format("terminate ~p in ~p~n", [R, S]).
