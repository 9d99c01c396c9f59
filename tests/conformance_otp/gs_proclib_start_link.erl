%% proc_lib: start_link/3 and start/3 return what the child passes to init_ack/2.
-module(gs_proclib_start_link).
-export([main/0, child/2]).

main() ->
    Self = self(),
    {ok, P} = proc_lib:start_link(?MODULE, child, [Self, ok]),
    A = is_pid(P),
    P ! {ping, self()},
    B = receive {pong, P} -> pong end,
    C = proc_lib:start(?MODULE, child, [Self, {custom, value}]),
    D = proc_lib:start(?MODULE, child, [Self, ignore], 5000),
    E = proc_lib:start_link(?MODULE, child, [Self, {error, nope}], infinity),
    {A, B, C, D, E}.

child(Parent, ok) ->
    proc_lib:init_ack(Parent, {ok, self()}),
    receive {ping, From} -> From ! {pong, self()} end;
child(Parent, Other) ->
    proc_lib:init_ack(Parent, Other).
