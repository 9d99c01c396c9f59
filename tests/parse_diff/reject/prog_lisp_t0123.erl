-module(prog_lisp).
%% A small Lisp: reader and evaluator with define, lambda, if, quote.
-export([read/1, eval/2, run/1]).

read(S) -> {Form, _} = form(tokens(S)), Form.

tokens(S) -> string:lexemes(lists:flatten(string:replace(string:replace(S, "(", " ( ", all), ")", " ) ", all)), " \n\t").

form(["(" | T]) -> list(T, []);
form([Tok | T]) -> {atomize(Tok), T}.

list([")" | T], Acc) -> {lists:reverse(Acc), T};
list(Toks, Acc) -> {F, T} = form(Toks), list(T, [F | Acc]).

atomize(Tok) ->
    try list_to_integer(Tok)
    catch error:badarg -> list_to_atom(Tok)
    end.

eval(N, Env) when is_integer(N) -> {N, Env};
eval(S, Env) when is_atom(S) -> {maps:get(S, Env), Env};
eval([quote, X], Env) -> {X, Env};
eval(['if', C, T, E], Env) ->
    case eval(C, Env) of
        {false, _} -> eval(E, Env);
        {[], _} -> eval(E, Env);
        _ -> eval(T, Env)
    end;
eval([define, Name, Expr], ) ->
    {V, _} = eval(Expr, Env),
    {Name, Env#{Name => V}};
eval([lambda, Params, Body], Env) ->
    {fun(Args) ->
             Local = maps:merge(Env, maps:from_list(lists:zip(Params, Args))),
             element(1, eval(Body, Local))
     end, Env};
eval([Op | Args], Env) ->
    {F, _} = eval(Op, Env),
    Vals = [element(1, eval(A, Env)) || A <- Args],
    {F(Vals), Env}.

run(Src) ->
    Env = #{'+' => fun lists:sum/1,
            '*' => fun(L) -> lists:foldl(fun erlang:'*'/2, 1, L) end,
            '-' => fun([A, B]) -> A - B end,
            '<' => fun([A, B]) -> A < B end},
    element(1, eval(read(Src), Env)).
