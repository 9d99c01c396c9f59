%% gen_server: a timeout from a return value is cancelled by any message that comes first;
%% infinity never times out.
-module(gs_timeout_cancel).
-export([main/0, init/1, handle_call/3, handle_info/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, self(), []),
    A = gen_server:call(P, {arm, 5000}),
    B = gen_server:call(P, count),
    C = gen_server:call(P, {arm, 0}),
    T = receive {timeouts, N} -> N end,
    D = gen_server:call(P, {arm, infinity}),
    None = receive {timeouts, _} -> extra after 100 -> none end,
    {A, B, C, T, D, None}.

init(C) -> {ok, {C, 0}}.
handle_call({arm, T}, _, S) -> {reply, {armed, T}, S, T};
handle_call(count, _, {_, N} = S) -> {reply, N, S}.
handle_info(timeout, {C, N}) -> C ! {timeouts, N + 1}, {noreply, {C, N + 1}}.
