%% sys:get_state/replace_state/suspend/resume on a gen_statem (needs the
%% gen_statem of lib/): the state is {StateName, Data}; events wait while
%% it is suspended.
-module(sys_statem_state).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, off/3, on/3]).

callback_mode() -> state_functions.
init(N) -> {ok, off, N}.

off(cast, flip, N) -> {next_state, on, N + 1};
off({call, From}, get, N) -> {keep_state_and_data, [{reply, From, {off, N}}]}.
on(cast, flip, N) -> {next_state, off, N + 1};
on({call, From}, get, N) -> {keep_state_and_data, [{reply, From, {on, N}}]}.

main() ->
    {ok, P} = gen_statem:start({local, sm}, ?MODULE, 0, []),
    io:format("~p~n", [sys:get_state(sm)]),
    gen_statem:cast(sm, flip),
    io:format("~p~n", [sys:get_state(P, 1000)]),
    io:format("~p~n", [sys:replace_state(sm, fun({on, N}) -> {off, N * 10} end)]),
    io:format("~p~n", [gen_statem:call(sm, get)]),
    ok = sys:suspend(sm),
    gen_statem:cast(sm, flip),
    io:format("suspended ~p~n", [sys:get_state(sm)]),
    ok = sys:resume(sm),
    io:format("~p~n", [gen_statem:call(sm, get)]),
    R = try sys:replace_state(sm, fun(_) -> exit(no) end) catch C:E -> {C, E} end,
    io:format("~p~n", [R]),
    gen_statem:stop(sm).
