%% main.erl — the README's main example: a small guest program run under
%% limits by `hl run`. It parses and evaluates arithmetic expressions given
%% as text, with an error for bad input caught inside the guest.
-module(main).
-export([main/0, calc/1]).

main() -> [{Text, calc(Text)} || Text <- ["1 + 2 * 3", "(1 + 2) * 3", "2 * (3 + 4) - 5", "1 +"]].

calc(Text) ->
    try
        {Expr, []} = expr(tokens(Text)),
        {ok, eval(Expr)}
    catch
        error:{badmatch, _} -> {error, syntax};
        error:function_clause -> {error, syntax}
    end.

tokens([]) -> [];
tokens([$\s | T]) -> tokens(T);
tokens([C | T]) when C >= $0, C =< $9 -> number(T, C - $0);
tokens([C | T]) -> [C | tokens(T)].

number([C | T], N) when C >= $0, C =< $9 -> number(T, N * 10 + C - $0);
number(T, N) -> [{int, N} | tokens(T)].

expr(Ts) -> {L, Rest} = term(Ts), expr_rest(L, Rest).
expr_rest(L, [$+ | Ts]) -> {R, Rest} = term(Ts), expr_rest({'+', L, R}, Rest);
expr_rest(L, [$- | Ts]) -> {R, Rest} = term(Ts), expr_rest({'-', L, R}, Rest);
expr_rest(L, Ts) -> {L, Ts}.

term(Ts) -> {L, Rest} = factor(Ts), term_rest(L, Rest).
term_rest(L, [$* | Ts]) -> {R, Rest} = factor(Ts), term_rest({'*', L, R}, Rest);
term_rest(L, Ts) -> {L, Ts}.

factor([{int, N} | Ts]) -> {N, Ts};
factor([$( | Ts]) -> {E, [$) | Rest]} = expr(Ts), {E, Rest}.

eval({'+', A, B}) -> eval(A) + eval(B);
eval({'-', A, B}) -> eval(A) - eval(B);
eval({'*', A, B}) -> eval(A) * eval(B);
eval(N) when is_integer(N) -> N.
