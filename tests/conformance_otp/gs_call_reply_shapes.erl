%% gen_server: every reply shape of handle_call/3 that answers at once.
-module(gs_call_reply_shapes).
-export([main/0, init/1, handle_call/3, handle_info/2, handle_continue/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, self(), []),
    A = gen_server:call(P, plain),
    B = gen_server:call(P, with_timeout),
    T = receive {timed_out, N} -> N end,
    C = gen_server:call(P, with_hibernate),
    D = gen_server:call(P, with_continue),
    E = gen_server:call(P, with_infinity),
    F = gen_server:call(P, count),
    gen_server:stop(P),
    [A, B, T, C, D, E, F].

init(Client) -> {ok, {Client, 0}}.
handle_call(plain, _, {C, N}) -> {reply, plain, {C, N + 1}};
handle_call(with_timeout, _, {C, N}) -> {reply, timeout_set, {C, N + 1}, 0};
handle_call(with_hibernate, _, {C, N}) -> {reply, hibernating, {C, N + 1}, hibernate};
handle_call(with_continue, _, {C, N}) -> {reply, continuing, {C, N + 1}, {continue, bump}};
handle_call(with_infinity, _, {C, N}) -> {reply, forever, {C, N + 1}, infinity};
handle_call(count, _, {C, N}) -> {reply, N, {C, N}}.
handle_info(timeout, {C, N}) -> C ! {timed_out, N}, {noreply, {C, N}}.
handle_continue(bump, {C, N}) -> {noreply, {C, N + 100}}.
