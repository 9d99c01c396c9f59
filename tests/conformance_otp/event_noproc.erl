%% gen_event requests to a manager that does not exist: call exits
%% {noproc, {gen_event, call, ...}}; add_handler, sync_notify and
%% which_handlers exit noproc; notify to an unregistered name raises badarg,
%% to a dead pid returns ok.
-module(event_noproc).
-export([main/0, init/1, handle_event/2, handle_call/2]).

init(S) -> {ok, S}.
handle_event(_, S) -> {ok, S}.
handle_call(get, S) -> {ok, S, S}.

main() ->
    io:format("~p~n", [catch gen_event:call(no_mgr, ?MODULE, get)]),
    io:format("~p~n", [catch gen_event:call(no_mgr, ?MODULE, get, 100)]),
    io:format("~p~n", [catch gen_event:add_handler(no_mgr, ?MODULE, x)]),
    io:format("~p~n", [catch gen_event:add_sup_handler(no_mgr, ?MODULE, x)]),
    io:format("~p~n", [catch gen_event:sync_notify(no_mgr, ev)]),
    io:format("~p~n", [catch gen_event:which_handlers(no_mgr)]),
    io:format("~p~n", [catch gen_event:delete_handler(no_mgr, ?MODULE, x)]),
    io:format("~p~n", [catch gen_event:swap_handler(no_mgr, {?MODULE, x}, {?MODULE, y})]),
    io:format("~p~n", [try gen_event:notify(no_mgr, ev) catch C:R -> {C, R} end]),
    {ok, M} = gen_event:start(),
    ok = gen_event:stop(M),
    io:format("~p~n", [gen_event:notify(M, ev)]),
    io:format("~p~n", [catch gen_event:which_handlers(M)]),
    case catch gen_event:call(M, ?MODULE, get) of
        {'EXIT', {noproc, {gen_event, call, [M, ?MODULE, get]}}} -> io:format("call dead pid: noproc~n");
        Other -> io:format("unexpected ~p~n", [Other])
    end,
    ok.
