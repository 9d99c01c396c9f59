%% A postponed call is answered after the state change that releases it;
%% several callers wait in line and are answered in arrival order;
%% {postpone, false} after postpone cancels it, {postpone, true} postpones.
-module(statem_postpone_call).
-behaviour(gen_statem).
-export([main/0, init/1, callback_mode/0, busy/3, ready/3]).

main() ->
    {ok, _} = gen_statem:start({local, door}, ?MODULE, [], []),
    Me = self(),
    Ws = [begin
              Pid = spawn(fun() -> Me ! {self(), gen_statem:call(door, {ask, N})} end),
              wait_count(N),
              Pid
          end || N <- [1, 2, 3]],
    ok = gen_statem:call(door, release),
    Rs = [receive {Pid, R} -> R end || Pid <- Ws],
    X = gen_statem:call(door, {ask, 4}),
    {Rs, X}.

wait_count(N) ->
    case gen_statem:call(door, count) of
        N -> ok;
        _ -> receive after 1 -> wait_count(N) end
    end.

init([]) -> {ok, busy, {0, []}}.

callback_mode() -> state_functions.

busy({call, _From}, {ask, K}, {N, L}) ->
    {keep_state, {N + 1, [K | L]}, [{postpone, true}]};
busy({call, From}, count, {N, _}) ->
    {keep_state_and_data, [postpone, {postpone, false}, {reply, From, N}]};
busy({call, From}, release, D) ->
    {next_state, ready, D, [{reply, From, ok}]}.

ready({call, From}, {ask, K}, {N, L}) ->
    {keep_state, {N, [K | L]}, [{reply, From, {answer, K, lists:reverse(L)}}]}.
