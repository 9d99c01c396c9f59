%% In the term order, a reference sorts after numbers, atoms and before funs, ports, pids, tuples.
-module(ref_order).
-export([main/0]).

main() ->
    R = make_ref(),
    P = self(),
    L = lists:sort([{t}, P, R, 1, atom, [list]]),
    [case X of
         _ when is_reference(X) -> ref;
         _ when is_pid(X) -> pid;
         _ -> X
     end || X <- L].
