%% A counter process: increments by messages, then a get with the caller's pid returns the count.
-module(pingpong_counter).
-export([main/0]).

main() ->
    C = spawn(fun() -> counter(0) end),
    [C ! {add, N} || N <- lists:seq(1, 100)],
    C ! {get, self()},
    V1 = receive {count, X} -> X end,
    C ! reset,
    C ! {add, 7},
    C ! {get, self()},
    V2 = receive {count, Y} -> Y end,
    {V1, V2}.

counter(N) ->
    receive
        {add, K} -> counter(N + K);
        reset -> counter(0);
        {get, From} -> From ! {count, N}, counter(N)
    end.
