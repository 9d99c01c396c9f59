%% App: a vending machine (handle_event_function, map data): coins, a
%% selection with change, refunds, an idle timeout (event timeout) that
%% refunds, stock running out, and calls that report the machine's state.
-module(statem_app_vending).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, V} = gen_statem:start({local, vend}, ?MODULE, #{cola => {150, 2}, water => {80, 1}}, []),
    Ops = [{coin, 100}, {select, cola}, {coin, 100}, {select, cola},
           {coin, 50}, {coin, 50}, {select, water}, {select, water},
           {select, tea}, refund, {coin, 200}, {select, cola}, {coin, 10}, {select, cola}],
    [io:format("~p -> ~p~n", [Op, gen_statem:call(vend, Op)]) || Op <- Ops],
    gen_statem:call(vend, {coin, 70}),
    receive after 300 -> ok end,
    io:format("after idle: ~p~n", [gen_statem:call(vend, status)]),
    gen_statem:stop(V),
    done.

init(Stock) -> {ok, idle, #{stock => Stock, credit => 0, sold => []}}.

callback_mode() -> handle_event_function.

handle_event({call, From}, {coin, N}, _, #{credit := C} = D) ->
    {next_state, paying, D#{credit := C + N}, [{reply, From, {credit, C + N}}, {timeout, 100, idle}]};
handle_event({call, From}, refund, _, #{credit := C} = D) ->
    {next_state, idle, D#{credit := 0}, [{reply, From, {refund, C}}]};
handle_event({call, From}, {select, _}, idle, _) ->
    {keep_state_and_data, [{reply, From, insert_coins}]};
handle_event({call, From}, {select, Item}, paying, #{stock := S, credit := C, sold := Sold} = D) ->
    case maps:find(Item, S) of
        error ->
            {keep_state_and_data, [{reply, From, {unknown, Item}}, {timeout, 100, idle}]};
        {ok, {_, 0}} ->
            {keep_state_and_data, [{reply, From, {sold_out, Item}}, {timeout, 100, idle}]};
        {ok, {Price, _}} when Price > C ->
            {keep_state_and_data, [{reply, From, {need, Price - C}}, {timeout, 100, idle}]};
        {ok, {Price, K}} ->
            {next_state, idle, D#{stock := S#{Item := {Price, K - 1}}, credit := 0, sold := [Item | Sold]},
             [{reply, From, {Item, {change, C - Price}}}]}
    end;
handle_event(timeout, idle, paying, #{credit := C} = D) ->
    io:format("idle: refunding ~p~n", [C]),
    {next_state, idle, D#{credit := 0}};
handle_event({call, From}, status, St, #{credit := C, sold := Sold}) ->
    {keep_state_and_data, [{reply, From, {St, C, lists:reverse(Sold)}}]}.
