%% gen_server: plain messages go to handle_info/2; every return shape.
-module(gs_info_shapes).
-export([main/0, init/1, handle_call/3, handle_info/2, handle_continue/2, terminate/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, self(), []),
    P ! plain,
    P ! with_timeout,
    T = receive {timed_out, L0} -> L0 end,
    P ! with_hibernate,
    P ! with_continue,
    P ! {'$gen_cast_lookalike', x},
    L1 = gen_server:call(P, get),
    Ref = monitor(process, P),
    P ! stop_it,
    D = receive {'DOWN', Ref, process, _, Why} -> Why end,
    {T, L1, D}.

init(C) -> {ok, {C, []}}.
handle_info(timeout, {C, L}) -> C ! {timed_out, lists:reverse(L)}, {noreply, {C, [timeout | L]}};
handle_info(plain, {C, L}) -> {noreply, {C, [plain | L]}};
handle_info(with_timeout, {C, L}) -> {noreply, {C, [with_timeout | L]}, 0};
handle_info(with_hibernate, {C, L}) -> {noreply, {C, [with_hibernate | L]}, hibernate};
handle_info(with_continue, {C, L}) -> {noreply, {C, [with_continue | L]}, {continue, cont}};
handle_info(stop_it, S) -> {stop, stopped_by_info, S};
handle_info(Other, {C, L}) -> {noreply, {C, [Other | L]}}.
handle_continue(cont, {C, L}) -> {noreply, {C, [continued | L]}}.
handle_call(get, _, {C, L}) -> {reply, lists:reverse(L), {C, L}}.
terminate(Why, {_, L}) -> io:format("terminate ~p after ~p~n", [Why, length(L)]).
