-module(prog_gen_server_counter).
-behaviour(gen_server).
-export([start_link/0, increment/1, value/1]).
-export([init/1, handle_call/3, handle_cast/2, handle_info/2, terminate/2, code_change/3]).

-record(state, {count = 0 :: integer(), history = [] :: [integer()]}).

start_link() -> gen_server:start_link(?MODULE, [], []).
increment(Pid) -> gen_server:cast(Pid, increment).
value(Pid) -> gen_server:call(Pid, value).

init([]) -> {ok, #state{}}.

handle_call(value, _From, #state{count = C} = S) ->
    {reply, C, S};
handle_call({add, N}, _From, #state{count = C, history = H} = S) when is_integer(N) ->
    {reply, ok, S#state{count = C + N, history = [C | H]}};
handle_call(_Other,N _From, S) ->
    {reply, {error, unknown_call}, S}.

handle_cast(increment, #state{count = C} = S) ->
    {noreply, S#state{count = C + 1}};
handle_cast(reset, S) ->
    {noreply, S#state{count = 0, history = []}}.

handle_info({timeout, _Ref, tick}, S) ->
    {noreply, S};
handle_info(_Msg, S) ->
    {noreply, S}.

terminate(_Reason, _S) -> ok.
code_change(_OldVsn, S, _Extra) -> {ok, S}.
