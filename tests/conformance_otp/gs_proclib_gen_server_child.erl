%% gen_server started under a proc_lib start_link chain: a proc_lib process starting a
%% gen_server in its init and acking its pid.
-module(gs_proclib_gen_server_child).
-export([main/0, starter/1, init/1, handle_call/3]).

main() ->
    {ok, {Starter, Server}} = proc_lib:start_link(?MODULE, starter, [self()]),
    A = gen_server:call(Server, hello),
    B = is_pid(Starter),
    {A, B}.

starter(Parent) ->
    {ok, S} = gen_server:start_link(?MODULE, [], []),
    proc_lib:init_ack(Parent, {ok, {self(), S}}),
    receive after infinity -> ok end.

init([]) -> {ok, state}.
handle_call(hello, _, S) -> {reply, {hi, S}, S}.
