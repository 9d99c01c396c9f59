%% DOWN reasons of children that fail: badarith, function_clause, badarg with stacks; only the reason is printed.
-module(mon_error_reason).
-export([main/0]).

main() ->
    Fs = [fun() -> 1 / zero() end, fun() -> f(3) end, fun() -> atom_to_list(42) end,
          fun() -> case id(7) of 1 -> one end end, fun() -> [x] = id([y]) end],
    [begin
         {P, Ref} = spawn_monitor(F),
         receive {'DOWN', Ref, process, P, {R, Stack}} when is_list(Stack) -> R end
     end || F <- Fs].

zero() -> 0.
id(X) -> X.
f(1) -> one.
