%% gen_server: handle_continue/2 return shapes: chains, timeout, hibernate, stop.
-module(gs_continue_shapes).
-export([main/0, init/1, handle_call/3, handle_info/2, handle_continue/2, terminate/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, self(), []),
    A = gen_server:call(P, {go, timeout}),
    T = receive {timed_out, L} -> L end,
    B = gen_server:call(P, {go, hibernate}),
    C = gen_server:call(P, log),
    Ref = monitor(process, P),
    D = gen_server:call(P, {go, stop}),
    W = receive {'DOWN', Ref, process, _, Why} -> Why end,
    {A, T, B, C, D, W}.

init(C) -> {ok, {C, []}}.
handle_call({go, K}, _, {C, L}) -> {reply, {going, K}, {C, [{call, K} | L]}, {continue, K}};
handle_call(log, _, {C, L}) -> {reply, lists:reverse(L), {C, L}}.
handle_continue(timeout, {C, L}) -> {noreply, {C, [{cont, timeout} | L]}, 0};
handle_continue(hibernate, {C, L}) -> {noreply, {C, [{cont, hibernate} | L]}, {continue, again}};
handle_continue(again, {C, L}) -> {noreply, {C, [{cont, again} | L]}, hibernate};
handle_continue(stop, S) -> {stop, {shutdown, from_continue}, S}.
handle_info(timeout, {C, L}) -> C ! {timed_out, lists:reverse(L)}, {noreply, {C, [timeout | L]}}.
terminate(Why, {_, L}) -> io:format("terminate ~p ~p~n", [Why, length(L)]).
