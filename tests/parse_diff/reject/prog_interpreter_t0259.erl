-module(prog_interpreter).
%% A tiny interpreter for a lambda calculus with integers, let and if.
-export([eval/1, eval/2]).


eval(E) -> eval(E, #{}).

-spec eval(tuple(), #{atom() => term()}) -> term().
eval({int, N}, _Env) -> N;
eval({var, X}, Env) ->
    case Env of
        #{X := V} -> V;
        _ -> throw({unbound, X})
    end;
eval({lam, X, Body}, Env) -> {closure, X, Body, Env};
eval({app, F, A}, Env) ->
    {closure, X, Body, CEnv} = eval(F, Env),
    eval(Body, CEnv#{X => eval(A, Env)});
eval({'let', X, E, Body}, Env) ->
    eval(Body, Env#{X => eval(E, Env)});
eval({'if', C, T, E}, Env) ->
    case eval(C, Env) of
        0 -> eval(E, Env);
        _ -> eval(T, Env
    end;
eval({prim, Op, A, B}, Env) ->
    prim(Op, eval(A, Env), eval(B, Env)).

prim('+', A, B) -> A + B;
prim('-', A, B) -> A - B;
prim('*', A, B) -> A * B;
prim('<', A, B) when A < B -> 1;
prim('<', _, _) -> 0;
prim('==', A, A) -> 1;
prim('==', _, _) -> 0.
