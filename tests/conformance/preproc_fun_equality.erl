-module(preproc_fun_equality).
-export([main/0]).
%% fun M:F/A values of one module compare equal; fun BIF/A are lambdas.
f(X) -> X.
g() -> fun lists:reverse/1.
main() ->
    R1 = fun lists:reverse/1,
    {fun f/1 =:= fun f/1, R1 =:= fun lists:reverse/1, R1 =:= g(), fun lists:reverse/1 == fun lists:sort/1,
     fun hd/1 == fun hd/1, fun erlang:hd/1 =:= fun erlang:hd/1, lists:usort([R1, g(), fun lists:reverse/1]) =:= [R1],
     (g())([1, 2])}.
