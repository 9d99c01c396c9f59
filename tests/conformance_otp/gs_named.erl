%% gen_server: {local, Name}: calls and casts by name; the name goes with the process and
%% can be taken again.
-module(gs_named).
-export([main/0, init/1, handle_call/3, handle_cast/2]).

main() ->
    {ok, P} = gen_server:start_link({local, counter}, ?MODULE, 0, []),
    true = whereis(counter) =:= P,
    gen_server:cast(counter, inc),
    gen_server:cast(counter, inc),
    A = gen_server:call(counter, get),
    ok = gen_server:stop(counter),
    W = whereis(counter),
    {ok, _} = gen_server:start({local, counter}, ?MODULE, 100, []),
    B = gen_server:call(counter, get, 1000),
    {A, W, B}.

init(N) -> {ok, N}.
handle_call(get, _, N) -> {reply, N, N}.
handle_cast(inc, N) -> {noreply, N + 1}.
