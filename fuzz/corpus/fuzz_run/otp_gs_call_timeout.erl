%% gen_server: call/3 with a timeout the server does not meet: exit {timeout, {gen_server, call, ...}};
%% the late reply is not delivered to the caller (OTP 25 aliases); the server lives on.
-module(gs_call_timeout).
-export([main/0, init/1, handle_call/3]).

main() ->
    {ok, _} = gen_server:start({local, gs_slow}, ?MODULE, [], []),
    R = try gen_server:call(gs_slow, {sleep, 300}, 20)
        catch exit:E -> {caught, E}
        end,
    Late = receive X -> {late, X} after 600 -> none end,
    Ok = gen_server:call(gs_slow, {sleep, 0}, 5000),
    {R, Late, Ok}.

init([]) -> {ok, 0}.
handle_call({sleep, T}, _, N) -> receive after T -> ok end, {reply, {slept, T}, N + 1}.
