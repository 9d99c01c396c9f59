-module(recv_after0).
-export([main/0]).
%% With an empty mailbox, `after 0` runs the after body at once; clauses
%% (with guards) never match, and bindings made in the after body are seen
%% after the receive.
main() ->
    A = receive after 0 -> zero end,
    B = receive {msg, X} when X > 1 -> X; other -> other after 0 -> Z = 42, Z end,
    C = receive _ -> any after 0 -> [A, B] end,
    T = 0,
    D = receive after T -> {var, T} end,
    {A, B, C, D, count(1000, 0)}.

count(0, Acc) -> Acc;
count(N, Acc) -> receive after 0 -> count(N - 1, Acc + N) end.
