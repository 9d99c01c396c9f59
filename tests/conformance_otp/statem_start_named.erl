%% start/4, start_link/4 with {local, Name}: calls and casts by name,
%% already_started with the running pid, the name freed when the machine
%% stops (and free again after a failed init), whereis.
-module(statem_start_named).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start({local, counter}, ?MODULE, 5, []),
    P = whereis(counter),
    gen_statem:cast(counter, inc),
    gen_statem:cast(counter, inc),
    A = gen_statem:call(counter, get),
    B = case gen_statem:start({local, counter}, ?MODULE, 0, []) of
            {error, {already_started, P}} -> already_started;
            X -> X
        end,
    C = case gen_statem:start_link({local, counter}, ?MODULE, 0, []) of
            {error, {already_started, P}} -> already_started;
            Y -> Y
        end,
    ok = gen_statem:stop(counter),
    D = whereis(counter),
    E = gen_statem:start({local, counter}, ?MODULE, fail, []),
    F = whereis(counter),
    {ok, P2} = gen_statem:start_link({local, counter}, ?MODULE, 100, []),
    G = gen_statem:call(counter, get),
    H = (P2 =:= P),
    ok = gen_statem:stop(counter, normal, 1000),
    {A, B, C, D, E, F, G, H}.

init(fail) -> {stop, failed};
init(N) -> {ok, counting, N}.

callback_mode() -> handle_event_function.

handle_event(cast, inc, _, N) -> {keep_state, N + 1};
handle_event({call, From}, get, _, N) -> {keep_state_and_data, {reply, From, N}}.
