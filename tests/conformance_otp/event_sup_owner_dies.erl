%% gen_event: when the process that added a supervised handler dies, the
%% manager (trapping exits) calls the handler's terminate({stop, Reason}, S),
%% removes it, then passes the 'EXIT' message to every remaining handler's
%% handle_info/2 (here a watcher that tells main/0, so the trace is ordered).
-module(event_sup_owner_dies).
-export([main/0, init/1, handle_event/2, handle_call/2, handle_info/2, terminate/2]).

init(S) -> {ok, S}.
handle_event(_, S) -> {ok, S}.
handle_call(get, S) -> {ok, S, S}.

handle_info({'EXIT', _Pid, Reason}, {watcher, Main} = S) ->
    io:format("watcher: handle_info EXIT ~p~n", [Reason]),
    Main ! {saw_exit, Reason},
    {ok, S};
handle_info(Other, S) ->
    io:format("~p: handle_info ~p~n", [S, Other]),
    {ok, S}.

terminate(Why, {watcher, _}) -> io:format("watcher: terminate ~p~n", [Why]), ok;
terminate(Why, S) -> io:format("~p: terminate ~p~n", [S, Why]), ok.

main() ->
    {ok, M} = gen_event:start(),
    Self = self(),
    ok = gen_event:add_handler(M, {?MODULE, watcher}, {watcher, Self}),
    Owner = spawn(fun() ->
                          ok = gen_event:add_sup_handler(M, {?MODULE, owned}, owned),
                          ok = gen_event:add_sup_handler(M, {?MODULE, owned2}, owned2),
                          Self ! added,
                          receive die -> exit(owner_quits) end
                  end),
    receive added -> ok end,
    io:format("~p~n", [gen_event:which_handlers(M)]),
    Owner ! die,
    receive {saw_exit, R} -> io:format("main: saw ~p~n", [R]) end,
    io:format("~p~n", [gen_event:which_handlers(M)]),
    spawn(fun() ->
                  ok = gen_event:add_sup_handler(M, {?MODULE, n}, n),
                  Self ! added
          end),
    receive added -> ok end,
    receive {saw_exit, R2} -> io:format("main: saw ~p~n", [R2]) end,
    io:format("~p~n", [gen_event:which_handlers(M)]),
    gen_event:stop(M).
