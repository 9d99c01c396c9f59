%% Generic timeouts {{timeout,Name},T,Msg}: several at once by name, not
%% cancelled by events nor by state changes, restarted by name, cancelled
%% by infinity and {{timeout,Name},cancel}; they fire in time order.
-module(statem_generic_timeout).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, self(), []),
    gen_statem:cast(P, {arm, [{{timeout, slow}, 150, s1}, {{timeout, fast}, 50, f1},
                              {{timeout, gone}, 100, g1}, {{timeout, also_gone}, 100, a1}]}),
    gen_statem:cast(P, {goto, b}),
    gen_statem:cast(P, poke),
    gen_statem:cast(P, {arm, [{{timeout, gone}, infinity, g2}, {{timeout, also_gone}, cancel}]}),
    receive {fired, slow, _} -> ok end,
    gen_statem:cast(P, {arm, [{{timeout, x}, 60, x1}]}),
    gen_statem:cast(P, {arm, [{{timeout, x}, 10, x2}]}),
    receive {fired, x, _} -> ok end,
    gen_statem:cast(P, {arm, [{{timeout, {any, term}}, 0, zero}]}),
    receive {fired, {any, term}, _} -> ok end,
    receive after 100 -> ok end,
    lists:reverse(gen_statem:call(P, log)).

init(Parent) -> {ok, a, {Parent, []}}.

callback_mode() -> handle_event_function.

handle_event(cast, {arm, As}, _, {Par, Log}) ->
    {keep_state, {Par, [arm | Log]}, As};
handle_event(cast, poke, _, {Par, Log}) ->
    {keep_state, {Par, [poke | Log]}};
handle_event(cast, {goto, S}, _, {Par, Log}) ->
    {next_state, S, {Par, [{goto, S} | Log]}};
handle_event({timeout, Name}, Msg, State, {Par, Log}) ->
    Par ! {fired, Name, Msg},
    {keep_state, {Par, [{timeout, Name, Msg, State} | Log]}};
handle_event({call, From}, log, _, {_, Log}) ->
    {keep_state_and_data, [{reply, From, Log}]}.
