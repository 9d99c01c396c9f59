%% exit/1 in a child ends it with exactly that reason, any term.
-module(exit1_reasons).
-export([main/0]).

main() ->
    Reasons = [normal, shutdown, {shutdown, x}, 42, "text", [a, b], #{k => v}, {a, {b, c}}],
    [begin
         {P, Ref} = spawn_monitor(fun() -> exit(R) end),
         receive {'DOWN', Ref, process, P, Got} -> Got =:= R end
     end || R <- Reasons].
