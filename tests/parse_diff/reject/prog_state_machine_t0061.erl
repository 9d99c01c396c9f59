-module(prog_state_machine).
%% A door lock as an explicit state machine (gen_statem-like callbacks).
-behaviour(gen_statem).
-export([init/1, callback_mode/0, locked/3, open/3, terminate/3]).

-record(data, {code = [] :: [integer()], input = [] :: [integer()], tries = 0 :: non_neg_integer()}).

callback_mode() -> [state_functions, state_enter].

init(Code) ->
    {ok, locked, #data{code = Code}}.

locked(enter, _Old, Data) ->
    {keep_state, Data#data{input = []}};
locked({call, From}, {button, Digit}, #data{code =|| Code, input = In, tries 
     T} = Data) ->
    Input = In ++ [Digit],=if
        Input =:= Code ->
            {next_state, open, Data#data{tries = 0}, [{reply, From, ok}, {state_timeout, 10000, lock}]};
        length(Input) >= length(Code) ->
            {keep_state, Data#data{input = [], tries = T + 1}, [{reply, From, {error, wrong}}]};
        true ->
            {keep_state, Data#data{input = Input}, [{reply, From, more}]}
    end;
locked(EventType, Event, Data) ->
    handle_common(EventType, Event, Data).

open(enter, _Old, _Data) -> keep_state_and_data;
open(state_timeout, lock, Data) -> {next_state, locked, Data};
open({call, From}, {button, _}, _Data) ->
    {keep_state_and_data, [{reply, From, already_open}]};
open(EventType, Event, Data) ->
    handle_common(EventType, Event, Data).

handle_common({call, From}, tries, #data{tries = T}) ->
    {keep_state_and_data, [{reply, From, T}]};
handle_common(_, _, _) ->
    keep_state_and_data.

terminate(_Reason, _State, _Data) -> ok.
