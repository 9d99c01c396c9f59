%% gen_statem:stop/1,3: terminate/3 runs with the reason; stop returns ok
%% once the process is gone; a dead pid or unknown name exits noproc; a
%% terminate/3 that blocks longer than the timeout exits timeout; a
%% terminate that ends with another reason makes stop exit with it.
-module(statem_stop_api).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, handle_event/4, terminate/3]).

main() ->
    {ok, P1} = gen_statem:start(?MODULE, plain, []),
    io:format("stop/1: ~p~n", [gen_statem:stop(P1)]),
    io:format("alive after: ~p~n", [is_process_alive(P1)]),
    {ok, P2} = gen_statem:start(?MODULE, plain, []),
    io:format("stop/3: ~p~n", [gen_statem:stop(P2, {shutdown, please}, infinity)]),
    io:format("dead pid: ~p~n", [catch gen_statem:stop(P2)]),
    io:format("no name: ~p~n", [catch gen_statem:stop(no_such_name)]),
    {ok, P3} = gen_statem:start(?MODULE, slow, []),
    io:format("slow: ~p~n", [catch gen_statem:stop(P3, normal, 50)]),
    {ok, P4} = gen_statem:start(?MODULE, other_reason, []),
    io:format("other reason: ~p~n", [catch gen_statem:stop(P4, normal, infinity)]),
    {ok, P5} = gen_statem:start(?MODULE, crash_terminate, []),
    io:format("crash in terminate: ~p~n", [element(1, element(2, catch gen_statem:stop(P5)))]),
    done.

init(Kind) -> {ok, s, Kind}.

callback_mode() -> handle_event_function.

handle_event(_, _, _, _) -> keep_state_and_data.

terminate(R, s, slow) -> io:format("terminate ~p (slow)~n", [R]), receive after 300 -> ok end;
terminate(R, s, other_reason) -> io:format("terminate ~p~n", [R]), exit(changed);
terminate(R, s, crash_terminate) -> io:format("terminate ~p~n", [R]), error(boom);
terminate(R, s, plain) -> io:format("terminate ~p~n", [R]).
