%% 10,000 processes each reply with twice their index; main collects every reply.
-module(many_spawn_10k).
-export([main/0]).

main() ->
    Main = self(),
    N = 10000,
    [spawn(fun() -> Main ! {reply, I * 2} end) || I <- lists:seq(1, N)],
    Sum = collect(N, 0),
    {N, Sum, Sum =:= N * (N + 1)}.

collect(0, Acc) -> Acc;
collect(K, Acc) -> receive {reply, V} -> collect(K - 1, Acc + V) end.
