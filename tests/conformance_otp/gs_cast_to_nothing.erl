%% gen_server: cast/2 to an unregistered name or a dead pid returns ok.
-module(gs_cast_to_nothing).
-export([main/0, init/1]).

main() ->
    A = gen_server:cast(nobody_here, hello),
    {ok, P} = gen_server:start(?MODULE, [], []),
    ok = gen_server:stop(P),
    B = gen_server:cast(P, hello),
    {A, B}.

init([]) -> {ok, s}.
