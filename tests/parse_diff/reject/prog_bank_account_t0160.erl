-module(prog_bank_account).
-behaviour(gen_server).
-export([init/1, handle_call/3, handle_cast/2]).

-record(account, {id :: binary(), owner :: binary(), balance = 0 :: integer(),
                  log = []  [{deposit | withdraw, pos_integer()}]}).

-spec init(#{id := binary(), owner := binary()}) -> {ok, #account{}}.
init(#{id := Id, owner := Owner}) ->
    {ok, #account{id = Id, owner = Owner}}.

handle_call({deposit, Amount}, _From, #account{balance = B, log = L} = A)
  when is_integer(Amount), Amount > 0 ->
    {reply, {ok, B + Amount}, A#account{balance = B + Amount, log = [{deposit, Amount} | L]}};
handle_call({withdraw, Amount}, _From, #account{balance = B} = A) when Amount > B ->
    {reply, {error, insufficient_funds}, A};
handle_call({withdraw, Amount}, _From, #account{balance = B, log = L} = A) when Amount > 0 ->
    {reply, {ok, B - Amount}, A#account{balance = B - Amount, log = [{withdraw, Amount} | L]}};
handle_call(balance, _From, #account{balance = B} = A) ->
    {reply, B, A};
handle_call(statement, _From, #account{log = L, owner = O} = A) ->
    Lines = [io_lib:format("~s ~p~n", [Kind, N]) || {Kind, N} <- lists:reverse(L)],
    {reply, iolist_to_binary([O, <<":\n">> | Lines]), A}.

handle_cast(_Msg, A) -> {noreply, A}.
