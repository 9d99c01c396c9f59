%% Machines calling machines from their callbacks: a chain of three named
%% machines, each adding to the answer of the next; a machine calling
%% itself by name exits with calling_self (caught in the callback).
-module(statem_call_chain).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, _} = gen_statem:start({local, m3}, ?MODULE, {none, 3}, []),
    {ok, _} = gen_statem:start({local, m2}, ?MODULE, {m3, 2}, []),
    {ok, _} = gen_statem:start({local, m1}, ?MODULE, {m2, 1}, []),
    A = gen_statem:call(m1, {ask, []}),
    B = gen_statem:call(m2, self_call),
    C = gen_statem:call(m1, {ask, [first]}),
    {A, B, C}.

init({Next, N}) -> {ok, s, {Next, N}}.

callback_mode() -> handle_event_function.

handle_event({call, From}, {ask, Path}, _, {none, N}) ->
    {keep_state_and_data, {reply, From, lists:reverse([N | Path])}};
handle_event({call, From}, {ask, Path}, _, {Next, N}) ->
    R = gen_statem:call(Next, {ask, [N | Path]}),
    {keep_state_and_data, {reply, From, R}};
handle_event({call, From}, self_call, _, _) ->
    R = (catch gen_statem:call(m2, hello)),
    {keep_state_and_data, {reply, From, R}}.
