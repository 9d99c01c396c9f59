%% start options: {timeout, T} with an init/1 slower than T gives
%% {error, timeout} (the child is killed); a fast init within the timeout
%% starts; unknown and debug-like options are accepted.
-module(statem_start_opts).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    A = gen_statem:start(?MODULE, 300, [{timeout, 30}]),
    B = case gen_statem:start(?MODULE, 0, [{timeout, 5000}, {hibernate_after, 1000}, {debug, []}]) of
            {ok, P} -> gen_statem:call(P, get);
            Other -> Other
        end,
    C = gen_statem:start({local, named_slow}, ?MODULE, 300, [{timeout, 30}]),
    {A, B, C}.

init(Sleep) -> receive after Sleep -> ok end, {ok, s, Sleep}.

callback_mode() -> handle_event_function.

handle_event({call, From}, get, S, D) -> {keep_state_and_data, {reply, From, {S, D}}}.
