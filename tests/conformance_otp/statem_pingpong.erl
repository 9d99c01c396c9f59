%% Two machines exchanging casts: ping/pong states flip on each ball, the
%% rally ends after 1,000 hits and the result is handed to the caller by a
%% reply kept in the data.
-module(statem_pingpong).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, waiting/3, playing/3]).

main() ->
    {ok, A} = gen_statem:start(?MODULE, a, []),
    {ok, B} = gen_statem:start(?MODULE, b, []),
    ok = gen_statem:call(B, {partner, A}),
    R = gen_statem:call(A, {serve, B, 1001}),
    {R, gen_statem:call(B, hits)}.

init(Name) -> {ok, waiting, #{name => Name, partner => none, hits => 0, from => none}}.

callback_mode() -> state_functions.

waiting({call, From}, {partner, P}, D) ->
    {next_state, playing, D#{partner := P}, {reply, From, ok}};
waiting({call, From}, {serve, P, N}, D) ->
    gen_statem:cast(P, {ball, N}),
    {next_state, playing, D#{partner := P, from := From}};
waiting({call, From}, hits, #{hits := H}) ->
    {keep_state_and_data, {reply, From, H}}.

playing(cast, {ball, 0}, #{from := From, hits := H} = D) when From =/= none ->
    {next_state, waiting, D#{from := none}, {reply, From, {rally_over, H}}};
playing(cast, {ball, 0}, D) ->
    {next_state, waiting, D};
playing(cast, {ball, N}, #{partner := P, hits := H} = D) ->
    gen_statem:cast(P, {ball, N - 1}),
    case N - 1 of
        0 -> {next_state, waiting, D#{hits := H + 1}};
        _ -> {keep_state, D#{hits := H + 1}}
    end;
playing({call, _}, hits, _) ->
    {keep_state_and_data, postpone}.
