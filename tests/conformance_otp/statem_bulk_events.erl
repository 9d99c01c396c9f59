%% Many events: 5,000 casts and 1,000 calls to one machine, 2,000 events
%% postponed and retried in order after one state change.
-module(statem_bulk_events).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, [], []),
    [gen_statem:cast(P, {add, N}) || N <- lists:seq(1, 5000)],
    Sum = gen_statem:call(P, sum),
    Calls = lists:sum([gen_statem:call(P, {echo, N}) || N <- lists:seq(1, 1000)]),
    ok = gen_statem:call(P, close),
    [gen_statem:cast(P, {held, N}) || N <- lists:seq(1, 2000)],
    Held = gen_statem:call(P, count_held),
    ok = gen_statem:call(P, open),
    Order = gen_statem:call(P, order),
    {Sum, Calls, Held, length(Order), Order =:= lists:seq(1, 2000), lists:sublist(Order, 5)}.

init([]) -> {ok, open, {0, 0, []}}.

callback_mode() -> handle_event_function.

handle_event(cast, {add, N}, open, {S, H, O}) -> {keep_state, {S + N, H, O}};
handle_event({call, From}, sum, _, {S, _, _}) -> {keep_state_and_data, {reply, From, S}};
handle_event({call, From}, {echo, N}, _, _) -> {keep_state_and_data, {reply, From, N}};
handle_event({call, From}, close, open, D) -> {next_state, closed, D, {reply, From, ok}};
handle_event(cast, {held, _}, closed, {S, H, O}) -> {keep_state, {S, H + 1, O}, postpone};
handle_event({call, From}, count_held, closed, {_, H, _}) -> {keep_state_and_data, {reply, From, H}};
handle_event({call, From}, open, closed, D) -> {next_state, open, D, {reply, From, ok}};
handle_event(cast, {held, N}, open, {S, H, O}) -> {keep_state, {S, H, [N | O]}};
handle_event({call, From}, order, open, {_, _, O}) -> {keep_state_and_data, {reply, From, lists:reverse(O)}}.
