%% gen_server: start with {timeout, T} and an init/1 slower than T: {error, timeout}; the
%% starting process is killed, so its name is free afterwards.
-module(gs_start_timeout).
-export([main/0, init/1, handle_call/3]).

main() ->
    A = gen_server:start({local, gs_slowinit}, ?MODULE, 800, [{timeout, 30}]),
    receive after 50 -> ok end,
    W = whereis(gs_slowinit),
    B = gen_server:start({local, gs_slowinit}, ?MODULE, 0, [{timeout, 5000}]),
    C = gen_server:call(gs_slowinit, ping),
    {A, W, element(1, B), C}.

init(T) -> receive after T -> ok end, {ok, T}.
handle_call(ping, _, S) -> {reply, {pong, S}, S}.
