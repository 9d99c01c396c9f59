-module(fun_counter_fold).
-export([main/0]).
main() -> lists:foldl(fun(F, Acc) -> F(Acc) end, 0, [fun(X) -> X + 1 end, fun(X) -> X * 10 end, fun(X) -> X - 3 end]).
