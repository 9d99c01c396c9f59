%% start_link: the parent (trapping exits) gets {'EXIT', Pid, Reason} when
%% the machine stops; a machine that traps exits and gets an exit signal
%% from its parent runs terminate/3 with that reason; an 'EXIT' from a
%% process that is not the parent is an info event; without trapping, the
%% parent's exit kills it without terminate/3.
-module(statem_link_parent).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4, terminate/3]).

main() ->
    process_flag(trap_exit, true),
    {ok, P1} = gen_statem:start_link(?MODULE, trap, []),
    gen_statem:cast(P1, {stop, done_here}),
    receive {'EXIT', P1, R1} -> io:format("parent got EXIT ~p~n", [R1]) end,
    %% an exit signal from a non-parent process that the machine links to
    {ok, P2} = gen_statem:start_link(?MODULE, trap, []),
    Other = spawn(fun() -> receive go -> exit(other_reason) end end),
    ok = gen_statem:call(P2, {link, Other}),
    Other ! go,
    receive after 50 -> ok end,
    io:format("infos: ~p~n", [gen_statem:call(P2, infos)]),
    %% the parent's exit signal
    exit(P2, parent_says_bye),
    receive {'EXIT', P2, R2} -> io:format("parent got EXIT ~p~n", [R2]) end,
    %% not trapping: killed by the parent's signal, no terminate
    {ok, P3} = gen_statem:start_link(?MODULE, no_trap, []),
    exit(P3, brutal),
    receive {'EXIT', P3, R3} -> io:format("parent got EXIT ~p~n", [R3]) end,
    %% a normal exit signal from the parent while trapping: terminate(normal)
    {ok, P4} = gen_statem:start_link(?MODULE, trap, []),
    exit(P4, normal),
    receive {'EXIT', P4, R4} -> io:format("parent got EXIT ~p~n", [R4]) end,
    done.

init(trap) -> process_flag(trap_exit, true), {ok, s, []};
init(no_trap) -> {ok, s, []}.

callback_mode() -> handle_event_function.

handle_event(cast, {stop, R}, _, _) -> {stop, R};
handle_event({call, From}, {link, Pid}, _, _) -> link(Pid), {keep_state_and_data, {reply, From, ok}};
handle_event(info, {'EXIT', _, R}, _, L) -> {keep_state, [{exit_info, R} | L]};
handle_event({call, From}, infos, _, L) -> {keep_state_and_data, {reply, From, L}}.

terminate(R, S, D) -> io:format("terminate(~p, ~p, ~p)~n", [R, S, D]).
