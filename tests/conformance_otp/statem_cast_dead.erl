%% cast/2 never fails: to a dead pid, to an unregistered name, to a
%% {Name, Node} of this node that is not registered; a call by
%% {Name, nonode@nohost} works.
-module(statem_cast_dead).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start({local, here}, ?MODULE, [], []),
    A = gen_statem:cast(here, one),
    B = gen_statem:cast({here, nonode@nohost}, two),
    C = gen_statem:call({here, nonode@nohost}, get),
    ok = gen_statem:stop(P),
    D = gen_statem:cast(P, three),
    E = gen_statem:cast(here, four),
    F = gen_statem:cast(not_registered, five),
    {A, B, C, D, E, F}.

init([]) -> {ok, s, []}.

callback_mode() -> handle_event_function.

handle_event(cast, X, _, L) -> {keep_state, [X | L]};
handle_event({call, From}, get, _, L) -> {keep_state_and_data, {reply, From, lists:reverse(L)}}.
