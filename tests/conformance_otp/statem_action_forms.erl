%% Action list forms: a single action not in a list, an empty list, nested
%% order of reply and next_event, every return shape with and without
%% actions (next_state/4, keep_state/3, keep_state_and_data/1,
%% repeat_state/3, repeat_state_and_data/1).
-module(statem_action_forms).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, [], []),
    Rs = [gen_statem:call(P, C) || C <- [ns4_single, ns4_empty, ks3, ks3_single, ksd1, ksd1_empty,
                                        rs3, rs3_single, rsd1, ns3_same, ks2]],
    {Rs, lists:reverse(gen_statem:call(P, log))}.

init([]) -> {ok, s, []}.

callback_mode() -> [handle_event_function, state_enter].

handle_event(enter, _, _, L) -> {keep_state, [enter | L]};
handle_event({call, F}, ns4_single, _, L) -> {next_state, s2, [ns4 | L], {reply, F, ns4_single}};
handle_event({call, F}, ns4_empty, _, L) -> gen_statem:reply(F, ns4_empty), {next_state, s, [ns4e | L], []};
handle_event({call, F}, ks3, _, L) -> {keep_state, [ks3 | L], [{reply, F, ks3}, {next_event, internal, x}]};
handle_event({call, F}, ks3_single, _, L) -> {keep_state, [ks3s | L], {reply, F, ks3_single}};
handle_event({call, F}, ksd1, _, _) -> {keep_state_and_data, [{reply, F, ksd1}]};
handle_event({call, F}, ksd1_empty, _, _) -> gen_statem:reply(F, ksd1_empty), {keep_state_and_data, []};
handle_event({call, F}, rs3, _, L) -> {repeat_state, [rs3 | L], [{reply, F, rs3}]};
handle_event({call, F}, rs3_single, _, L) -> {repeat_state, [rs3s | L], {reply, F, rs3_single}};
handle_event({call, F}, rsd1, _, _) -> {repeat_state_and_data, {reply, F, rsd1}};
handle_event({call, F}, ns3_same, S, L) -> gen_statem:reply(F, ns3_same), {next_state, S, [ns3 | L]};
handle_event({call, F}, ks2, _, L) -> gen_statem:reply(F, ks2), {keep_state, [ks2 | L]};
handle_event(internal, x, _, L) -> {keep_state, [x | L]};
handle_event({call, F}, log, _, L) -> {keep_state_and_data, {reply, F, L}}.
