%% a supervisor starting a gen_statem and a gen_event manager by their own
%% start_link functions (supervisor:start_fun/3)
-module(sup_mixed_behaviours).
-behaviour(supervisor).
-export([main/0, init/1, callback_mode/0, idle/3, handle_event/2, handle_call/2]).
main() ->
    {ok, Sup} = supervisor:start_link(?MODULE, top),
    Kids = lists:sort([Id || {Id, P, _, _} <- supervisor:which_children(Sup), is_pid(P)]),
    ok = gen_event:add_handler(events, ?MODULE, h),
    ok = gen_event:notify(events, hello),
    R = gen_statem:call(machine, ping),
    unlink(Sup), exit(Sup, shutdown),
    {Kids, R}.
init(top) ->
    {ok, {#{strategy => one_for_one},
          [#{id => machine, start => {gen_statem, start_link, [{local, machine}, ?MODULE, [], []]}},
           #{id => events, start => {gen_event, start_link, [{local, events}]}}]}};
init(h) -> {ok, s};
init(_) -> {ok, idle, []}.
callback_mode() -> state_functions.
idle({call, From}, ping, D) -> {keep_state, D, [{reply, From, pong}]}.
handle_event(_, S) -> {ok, S}.
handle_call(_, S) -> {ok, ok, S}.
