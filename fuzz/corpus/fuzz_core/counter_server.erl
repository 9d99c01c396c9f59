%% A gen_server-style actor: callbacks over maps, nested funs and
%% comprehensions capturing through several levels, receive with after.
-module(counter_server).
-behaviour(gen_server).
-export([init/1, handle_call/3, handle_cast/2, handle_info/2, terminate/2,
         matrix/2, adders/1, drain/1, classify/1, pipeline/2]).

-record(state, {counts = #{} :: map(), total = 0, log = []}).

init(Start) when is_integer(Start) -> {ok, #state{total = Start}};
init(_) -> {stop, badarg}.

handle_call({incr, Key, By}, _From, #state{counts = C, total = T} = S) ->
    N = case C of
            #{Key := Old} -> Old + By;
            #{} -> By
        end,
    {reply, N, S#state{counts = C#{Key => N}, total = T + By}};
handle_call(total, _From, S) ->
    {reply, S#state.total, S};
handle_call(_Other, _From, S) ->
    {reply, {error, unknown}, S}.

handle_cast({log, Msg}, #state{log = L} = S) when length(L) < 100 ->
    {noreply, S#state{log = [Msg | L]}};
handle_cast(_, S) ->
    {noreply, S}.

handle_info(tick, S) -> {noreply, S};
handle_info(_, S) -> {noreply, S}.

terminate(_Reason, _S) -> ok.

matrix(Rows, Cols) ->
    [[fun(K) -> {R, C, K} end || C <- lists:seq(1, Cols)] || R <- lists:seq(1, Rows)].

adders(Ns) ->
    Base = 10,
    [fun(X) -> G = fun(Y) -> X + Y + N + Base end, G(1) end || N <- Ns].

drain(Acc) ->
    receive
        {item, I} -> drain([I | Acc]);
        {stop, Why} when is_atom(Why) -> {stopped, Why, lists:reverse(Acc)}
    after 0 ->
        lists:reverse(Acc)
    end.

classify(Xs) ->
    [if X < 0 -> neg; X =:= 0 -> zero; true -> pos end || X <- Xs, is_number(X)].

pipeline(Fs, X0) ->
    lists:foldl(fun(F, Acc) ->
                        try F(Acc)
                        catch throw:{skip, V} -> V;
                              error:Reason -> erlang:error({pipeline, Reason})
                        end
                end, X0, Fs).
