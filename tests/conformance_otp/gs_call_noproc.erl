%% gen_server: call/2,3 to an unregistered name or a dead pid exits {noproc, {gen_server, call, Args}}.
-module(gs_call_noproc).
-export([main/0, init/1, handle_call/3]).

main() ->
    A = catch gen_server:call(no_such_server, hi),
    B = catch gen_server:call(no_such_server, hi, 100),
    {ok, P} = gen_server:start(?MODULE, [], []),
    ok = gen_server:stop(P),
    C = try gen_server:call(P, hi) catch exit:{noproc, {gen_server, call, [P1, hi]}} when P1 =:= P -> noproc_pid end,
    D = try gen_server:call(P, hi, infinity) catch exit:{noproc, {gen_server, call, [_, hi, infinity]}} -> noproc_pid3 end,
    {A, B, C, D}.

init([]) -> {ok, []}.
handle_call(_, _, S) -> {reply, ok, S}.
