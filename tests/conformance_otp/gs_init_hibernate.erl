%% gen_server: init/1 returning {ok, State, hibernate}; the server still answers.
-module(gs_init_hibernate).
-export([main/0, init/1, handle_call/3, handle_cast/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, a, []),
    A = gen_server:call(P, get),
    gen_server:cast(P, {set, b}),
    B = gen_server:call(P, get),
    C = gen_server:call(P, {set_hib, c}),
    D = gen_server:call(P, get),
    gen_server:stop(P),
    [A, B, C, D].

init(S) -> {ok, S, hibernate}.
handle_call(get, _From, S) -> {reply, S, S, hibernate};
handle_call({set_hib, S1}, _From, S) -> {reply, {old, S}, S1, hibernate}.
handle_cast({set, S1}, _S) -> {noreply, S1, hibernate}.
