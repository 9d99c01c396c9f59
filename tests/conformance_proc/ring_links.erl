%% A ring of linked processes: killing one node with an abnormal reason takes down the whole ring.
-module(ring_links).
-export([main/0]).

main() ->
    Main = self(),
    Pids = [spawn(fun() -> receive go -> ok end, wait_links() end) || _ <- lists:seq(1, 6)],
    Mons = [monitor(process, P) || P <- Pids],
    %% link each node to the next, the last to the first
    Pairs = lists:zip(Pids, tl(Pids) ++ [hd(Pids)]),
    [P ! {link_to, Q, Main} || {P, Q} <- Pairs],
    [P ! go || P <- Pids],
    [receive {linked, P} -> ok end || P <- Pids],
    exit(lists:nth(3, Pids), crash),
    Reasons = [receive {'DOWN', M, process, _, R} -> R end || M <- Mons],
    Reasons.

wait_links() ->
    receive
        {link_to, Q, Main} -> link(Q), Main ! {linked, self()}, wait_links()
    end.
