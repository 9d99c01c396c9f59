%% gen_statem, state_functions + state_enter: a code lock; casts, calls,
%% postponed buttons while open, a state_timeout that relocks.
-module(statem_lock_sf).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, locked/3, open/3, terminate/3]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, [1, 2, 3], []),
    ok = gen_statem:call(P, {owner, self()}),
    ok = gen_statem:cast(P, {button, 1}),
    ok = gen_statem:cast(P, {button, 2}),
    S1 = gen_statem:call(P, state),
    ok = gen_statem:cast(P, {button, 3}),
    S2 = gen_statem:call(P, state),
    ok = gen_statem:cast(P, {button, 1}),
    ok = gen_statem:cast(P, {button, 9}),
    receive {P, locked} -> ok end,
    S3 = gen_statem:call(P, state),
    ok = gen_statem:stop(P),
    io:format("~p~n", [[S1, S2, S3]]),
    done.

init(Code) ->
    {ok, locked, #{code => Code, buttons => [], owner => none}}.

callback_mode() -> [state_functions, state_enter].

locked(enter, Old, D) ->
    io:format("enter locked from ~p~n", [Old]),
    case D of
        #{owner := Pid} when is_pid(Pid) -> Pid ! {self(), locked};
        _ -> ok
    end,
    {keep_state, D#{buttons := []}};
locked(cast, {button, B}, #{code := Code, buttons := Bs} = D) ->
    Bs1 = Bs ++ [B],
    io:format("locked: button ~p~n", [B]),
    if
        Bs1 =:= Code -> {next_state, open, D#{buttons := []}};
        length(Bs1) >= length(Code) -> {keep_state, D#{buttons := []}};
        true -> {keep_state, D#{buttons := Bs1}}
    end;
locked({call, From}, state, #{buttons := Bs}) ->
    {keep_state_and_data, [{reply, From, {locked, Bs}}]};
locked({call, From}, {owner, Pid}, D) ->
    {keep_state, D#{owner := Pid}, [{reply, From, ok}]}.

open(enter, Old, _D) ->
    io:format("enter open from ~p~n", [Old]),
    {keep_state_and_data, [{state_timeout, 30, lock}]};
open(state_timeout, lock, D) ->
    io:format("relock~n"),
    {next_state, locked, D};
open({call, From}, state, _D) ->
    {keep_state_and_data, [{reply, From, open}]};
open(cast, {button, B}, _D) ->
    io:format("open: postpone ~p~n", [B]),
    {keep_state_and_data, [postpone]}.

terminate(Reason, State, _D) ->
    io:format("terminate ~p in ~p~n", [Reason, State]).
