%% gen_server hibernation (every reply shape with hibernate): the state,
%% holding a binary, a fun, a map and a reference, is the same after each
%% wake-up; replies, casts, infos, handle_continue, a timeout set after a
%% wake-up, messages queued before it hibernates, sys:get_state while
%% hibernated, and terminate/2 on stop all behave as without hibernation.
-module(gs_hibernate_kept).
-export([main/0, init/1, handle_call/3, handle_cast/2, handle_info/2, handle_continue/2,
         terminate/2]).

main() ->
    Bin = list_to_binary(lists:seq(1, 200)),
    {ok, P} = gen_server:start(?MODULE, {self(), Bin}, []),
    R1 = gen_server:call(P, sum),
    gen_server:cast(P, {push, a}),
    P ! {push, b},
    R2 = gen_server:call(P, items),
    %% three messages queued while it is busy: it wakes at once for each
    gen_server:cast(P, {sleep_push, c}),
    gen_server:cast(P, {push, d}),
    gen_server:cast(P, {push, e}),
    R3 = gen_server:call(P, items),
    R4 = gen_server:call(P, {continue, f}),
    R5 = gen_server:call(P, items),
    {Par, _, _, _, _} = sys:get_state(P),
    S1 = Par =:= self(),
    R6 = gen_server:call(P, {timeout_after, 20}),
    T = receive {timed_out, N} -> N after 2000 -> none end,
    R7 = gen_server:call(P, apply_fun),
    R8 = gen_server:call(P, ref_same),
    ok = gen_server:stop(P),
    Term = receive {terminated, Why, Items} -> {Why, Items} after 2000 -> none end,
    [R1, R2, R3, R4, R5, S1, R6, T, R7, R8, Term].

init({Parent, Bin}) ->
    process_flag(trap_exit, true),
    Ref = make_ref(),
    put_ref(Ref),
    {ok, {Parent, Bin, fun(X) -> X * 3 end, #{items => [], ref => Ref}, 0}, hibernate}.

put_ref(_) -> ok.

handle_call(sum, _From, {_, Bin, _, _, _} = S) ->
    {reply, lists:sum(binary_to_list(Bin)), S, hibernate};
handle_call(items, _From, {_, _, _, #{items := I}, _} = S) ->
    {reply, lists:reverse(I), S, hibernate};
handle_call({continue, X}, _From, S) ->
    {reply, continuing, S, {continue, X}};
handle_call({timeout_after, Ms}, _From, {Par, B, F, M, _}) ->
    {reply, armed, {Par, B, F, M, Ms}, Ms};
handle_call(apply_fun, _From, {_, _, F, _, _} = S) ->
    {reply, F(14), S, hibernate};
handle_call(ref_same, _From, {_, _, _, #{ref := R}, _} = S) ->
    {reply, is_reference(R), S, hibernate}.

handle_cast({push, X}, S) ->
    {noreply, push(X, S), hibernate};
handle_cast({sleep_push, X}, S) ->
    receive after 30 -> ok end,
    {noreply, push(X, S), hibernate}.

handle_info({push, X}, S) ->
    {noreply, push(X, S), hibernate};
handle_info(timeout, {Par, _, _, _, Ms} = S) ->
    Par ! {timed_out, Ms},
    {noreply, S, hibernate}.

handle_continue(X, S) ->
    {noreply, push(X, S), hibernate}.

terminate(Why, {Par, _, _, #{items := I}, _}) ->
    Par ! {terminated, Why, lists:reverse(I)}.

push(X, {Par, B, F, #{items := I} = M, T}) -> {Par, B, F, M#{items := [X | I]}, T}.
