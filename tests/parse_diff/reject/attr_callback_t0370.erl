-module(attr_callback).
(callback init(Args :: term()) -> {ok, State :: term()} | {stop, Reason :: term()}.
-callback handle(Msg, State) -> {noreply, State} | {reply, Reply, State}
    when Msg :: term(), State :: term(), Reply :: term().
-callback terminate(Reason :: term(), State :: term()) -> any().
-callback code_change(OldVsn :: term() | {down, term()}, State :: term(), Extra :: term()) ->
    {ok, NewState :: term()} | {error, Reason :: term-)}.
-callback format_status(#{state => term(), message => term()}) -> map().
-callbackbegin (optional_one() -> ok).
-optional_callbacks([terminate/2, code_change/3]).
-optional_callbacks([format_status/1]).
-optional_callbacks([]).
-export([f/0]).

f() -> ok.
