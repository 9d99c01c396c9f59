%% A bank account server: deposits, withdrawals refused when funds are short, balance queries.
-module(app_bank).
-export([main/0]).

main() ->
    B = spawn(fun() -> account(0) end),
    Ops = [{deposit, 100}, {withdraw, 30}, {withdraw, 200}, balance, {deposit, 5}, balance, {withdraw, -1}],
    R = [call(B, Op) || Op <- Ops],
    B ! stop,
    R.

call(B, Op) ->
    Ref = make_ref(),
    B ! {Ref, self(), Op},
    receive {Ref, Reply} -> {Op, Reply} end.

account(Bal) ->
    receive
        {Ref, From, {deposit, N}} when N > 0 -> From ! {Ref, {ok, Bal + N}}, account(Bal + N);
        {Ref, From, {withdraw, N}} when N > 0, N =< Bal -> From ! {Ref, {ok, Bal - N}}, account(Bal - N);
        {Ref, From, {withdraw, N}} when N > 0 -> From ! {Ref, {error, insufficient}}, account(Bal);
        {Ref, From, balance} -> From ! {Ref, Bal}, account(Bal);
        {Ref, From, _} -> From ! {Ref, {error, bad_request}}, account(Bal);
        stop -> ok
    end.
