-module(interp).
-export([main/0]).
%% A tiny expression interpreter.
main() -> Env = [{x, 5}, {y, 7}],
    [eval({add, {var, x}, {mul, {num, 3}, {var, y}}}, Env),
     eval({'let', z, {num, 4}, {sub, {var, z}, {var, x}}}, Env),
     eval({'if', {lt, {var, x}, {var, y}}, {num, 1}, {num, 2}}, Env)].
eval({num, N}, _) -> N;
eval({var, V}, Env) -> {V, X} = lists:keyfind(V, 1, Env), X;
eval({add, A, B}, Env) -> eval(A, Env) + eval(B, Env);
eval({sub, A, B}, Env) -> eval(A, Env) - eval(B, Env);
eval({mul, A, B}, Env) -> eval(A, Env) * eval(B, Env);
eval({lt, A, B}, Env) -> eval(A, Env) < eval(B, Env);
eval({'let', V, E, Body}, Env) -> eval(Body, [{V, eval(E, Env)} | Env]);
eval({'if', C, T, E}, Env) -> case eval(C, Env) of true -> eval(T, Env); false -> eval(E, Env) end.
