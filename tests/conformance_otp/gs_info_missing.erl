%% gen_server: a module without handle_info/2: plain messages are dropped (OTP logs a
%% warning) and the server carries on.
-module(gs_info_missing).
-export([main/0, init/1, handle_call/3]).

main() ->
    {ok, P} = gen_server:start(?MODULE, [], []),
    P ! stray,
    P ! {another, 1},
    A = gen_server:call(P, ping),
    {A, is_process_alive(P)}.

init([]) -> {ok, s}.
handle_call(ping, _, S) -> {reply, pong, S}.
