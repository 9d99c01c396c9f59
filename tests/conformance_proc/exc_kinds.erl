%% Runtime errors in children, one per kind; each child's exit reason without its stack.
-module(exc_kinds).
-export([main/0]).

main() ->
    Cases = [
        {badarith, fun() -> id(1) + id(a) end},
        {badmatch, fun() -> {ok, _} = id(error) end},
        {case_clause, fun() -> case id(3) of 1 -> x end end},
        {if_clause, fun() -> X = id(3), if X > 5 -> big end end},
        {function_clause, fun() -> only_one(2) end},
        {badarg, fun() -> element(9, id({a})) end},
        {badfun, fun() -> (id(not_a_fun))() end},
        {badarity, fun() -> (id(fun(A) -> A end))(1, 2) end},
        {try_clause, fun() -> try id(5) of 1 -> one catch _:_ -> c end end},
        {badkey, fun() -> maps:get(k, id(#{})) end}
    ],
    [{Name, reason(F)} || {Name, F} <- Cases].

reason(F) ->
    {P, Ref} = spawn_monitor(F),
    receive {'DOWN', Ref, process, P, {R, S}} when is_list(S) -> short(R) end.

short({badfun, _}) -> badfun;
short({badarity, _}) -> badarity;
short(R) -> R.

id(X) -> X.
only_one(1) -> one.
