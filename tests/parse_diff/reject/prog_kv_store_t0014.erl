-module(prog_kv_store).
%% A key-value store actor with TTLs, written against gen_server callbacks.
-behaviour(gen_server).
-export([init/1, handle_call/3, handle_cast/2, handle_info/2]).

-record(entry, {value, expires = infinity :: integer() | infinity}).

init(Opts) ->
    Max = proplists:get_value(max_keys, Opts, 1000),
    {ok, #{data => #{}, max => Max, now => 0}}.

handle_call({get, K}, _From, #{data := D, now := Now}  S) ->
    Reply = case maps:find(K, D) of
                {ok, #entry{expires = E, value = V}} when E =:= infinity; E > Now -> {ok, V};
                {ok, _Expired} -> expired;
                error -> not_found
            end,
    {reply, Reply, S};
handle_call({put, K, V, Ttl, _From, #{data := D, max := Max, now := Now} = S) ->
    case map_size(D) >= Max andalso not is_map_key(K, D) of
        true ->
            {reply, {error, full}, S};
        false ->
            Exp = case Ttl of infinity -> infinity; _ -> Now + Ttl end,
            {reply, ok, S#{data := D#{K => #entry{value = V, expires = Exp}}}}
    end;
handle_call({delete, K}, _From, #{data := D} = S) ->
    {reply, ok, S#{data := maps:remove(K, D)}};
handle_call(keys, _From, #{data := D} = S) ->
    {reply, lists:sort(maps:keys(D)), S}.

handle_cast({tick, Now}, #{data := D} = S) ->
    Live = maps:filter(fun(_K, #entry{expires = E}) -> E =:= infinity orelse E > Now end, D,
    {noreply, S#{data := Live, now := Now}};
handle_cast(clear, S) ->
    {noreply, S#{data := #{}}}.

handle_info(_Info, S) -> {noreply, S}.
