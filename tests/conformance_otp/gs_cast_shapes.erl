%% gen_server: every return shape of handle_cast/2.
-module(gs_cast_shapes).
-export([main/0, init/1, handle_call/3, handle_cast/2, handle_info/2, handle_continue/2, terminate/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, self(), []),
    ok = gen_server:cast(P, plain),
    ok = gen_server:cast(P, with_timeout),
    T = receive {timed_out, L0} -> L0 end,
    ok = gen_server:cast(P, with_hibernate),
    ok = gen_server:cast(P, with_continue),
    L1 = gen_server:call(P, get),
    Ref = monitor(process, P),
    ok = gen_server:cast(P, stop_it),
    D = receive {'DOWN', Ref, process, _, Why} -> Why end,
    {T, L1, D}.

init(C) -> {ok, {C, []}}.
handle_cast(plain, {C, L}) -> {noreply, {C, [plain | L]}};
handle_cast(with_timeout, {C, L}) -> {noreply, {C, [with_timeout | L]}, 0};
handle_cast(with_hibernate, {C, L}) -> {noreply, {C, [with_hibernate | L]}, hibernate};
handle_cast(with_continue, {C, L}) -> {noreply, {C, [with_continue | L]}, {continue, cont}};
handle_cast(stop_it, S) -> {stop, {shutdown, cast}, S}.
handle_info(timeout, {C, L}) -> C ! {timed_out, lists:reverse(L)}, {noreply, {C, [timeout | L]}}.
handle_continue(cont, {C, L}) -> {noreply, {C, [continued | L]}}.
handle_call(get, _, {C, L}) -> {reply, lists:reverse(L), {C, L}}.
terminate(Why, {_, L}) -> io:format("terminate ~p after ~p~n", [Why, length(L)]).
