%% state_enter with state_functions: enter calls print, enter may set data,
%% reply to nobody, set a state_timeout and hibernate; init's state gets an
%% enter call with itself as the old state.
-module(statem_enter_sf).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, one/3, two/3]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, x, []),
    R1 = gen_statem:call(P, data),
    R2 = gen_statem:call(P, next),
    receive {back, one} -> ok end,
    #{enters := R3} = gen_statem:call(P, data),
    {R1, R2, R3}.

init(x) -> {ok, one, #{enters => 0, parent => none}}.

callback_mode() -> [state_functions, state_enter].

one(enter, Old, #{enters := N, parent := Par} = D) ->
    io:format("one: enter from ~p~n", [Old]),
    case Par of none -> ok; _ -> Par ! {back, one} end,
    {keep_state, D#{enters := N + 1}};
one({call, From}, data, D) ->
    {keep_state_and_data, [{reply, From, D}]};
one({call, {Pid, _} = From}, next, D) ->
    {next_state, two, D#{parent := Pid}, [{reply, From, going}]}.

two(enter, Old, #{enters := N} = D) ->
    io:format("two: enter from ~p~n", [Old]),
    {keep_state, D#{enters := N + 1}, [{state_timeout, 10, back}, hibernate]};
two(state_timeout, back, D) ->
    io:format("two: state_timeout~n"),
    {next_state, one, D}.
