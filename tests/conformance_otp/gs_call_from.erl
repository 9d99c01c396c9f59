%% gen_server: the From of handle_call/3 is {CallerPid, Tag}; calls from many clients are
%% all answered; reply/2 returns ok.
-module(gs_call_from).
-export([main/0, init/1, handle_call/3]).

main() ->
    {ok, P} = gen_server:start(?MODULE, [], []),
    Self = self(),
    Mine = gen_server:call(P, {who, Self}),
    Pids = [spawn(fun() -> Self ! {done, I, gen_server:call(P, {add, I})} end) || I <- lists:seq(1, 20)],
    Rs = lists:sort([receive {done, I, R} -> {I, R} end || I <- lists:seq(1, 20)]),
    Total = gen_server:call(P, total),
    {Mine, length(Pids), [R || {_, R} <- Rs] =:= lists:duplicate(20, ok), Total}.

init([]) -> {ok, 0}.
handle_call({who, Caller}, {Pid, _Tag} = From, S) ->
    ok = gen_server:reply(From, {is_caller, Pid =:= Caller}),
    {noreply, S};
handle_call({add, I}, _, S) -> {reply, ok, S + I};
handle_call(total, _, S) -> {reply, S, S}.
