%% gen_event:start_link: when the parent exits, the manager (trapping
%% exits) terminates every handler with terminate(stop, S) and exits with
%% the parent's reason.
-module(event_link_parent).
-export([main/0, init/1, handle_event/2, handle_call/2, terminate/2]).

init(S) -> {ok, S}.
handle_event(_, S) -> {ok, S}.
handle_call(get, S) -> {ok, S, S}.
terminate(Why, S) -> io:format("terminate ~p ~p~n", [S, Why]), ok.

main() ->
    Self = self(),
    Parent = spawn(fun() ->
                           {ok, M} = gen_event:start_link({local, ev_linked}),
                           ok = gen_event:add_handler(M, {?MODULE, 1}, one),
                           ok = gen_event:add_handler(M, {?MODULE, 2}, two),
                           Self ! {started, M},
                           receive go -> exit(parent_gone) end
                   end),
    M = receive {started, P} -> P end,
    MRef = monitor(process, M),
    Parent ! go,
    receive {'DOWN', MRef, process, M, R} -> io:format("manager down ~p~n", [R]) end,
    io:format("whereis ~p~n", [whereis(ev_linked)]),
    %% a parent that ends normally: the manager terminates too
    Parent2 = spawn(fun() ->
                            {ok, M2} = gen_event:start_link(),
                            ok = gen_event:add_handler(M2, ?MODULE, three),
                            Self ! {started, M2},
                            receive go -> ok end
                    end),
    M2 = receive {started, P2} -> P2 end,
    MRef2 = monitor(process, M2),
    Parent2 ! go,
    receive {'DOWN', MRef2, process, M2, R2} -> io:format("manager down ~p~n", [R2]) end,
    ok.
