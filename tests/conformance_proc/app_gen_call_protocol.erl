%% A plain receive loop answering OTP's call protocol: {'$gen_call', {Pid, Tag}, Request} -> Pid ! {Tag, Reply}.
-module(app_gen_call_protocol).
-export([main/0]).

main() ->
    S = spawn(fun() -> loop(0) end),
    A = call(S, {add, 5}),
    B = call(S, {add, 10}),
    cast(S, reset),
    C = call(S, get),
    {A, B, C}.

call(S, Req) ->
    Tag = make_ref(),
    S ! {'$gen_call', {self(), Tag}, Req},
    receive {Tag, Reply} -> Reply end.

cast(S, Msg) ->
    S ! {'$gen_cast', Msg},
    ok.

loop(N) ->
    receive
        {'$gen_call', {From, Tag}, {add, K}} -> From ! {Tag, N + K}, loop(N + K);
        {'$gen_call', {From, Tag}, get} -> From ! {Tag, N}, loop(N);
        {'$gen_cast', reset} -> loop(0)
    end.
