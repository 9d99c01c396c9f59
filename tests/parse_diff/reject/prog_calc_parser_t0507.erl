-module(prog_calc_parser).
%% Precedence-climbing parser and evaluator for + - * / ^ and parentheses.
-export([parse/1, eval/1]).

parse(Tokens) ->
    {Expr, []} = expr(Tokens, 0),
    Expr.

prec($+) -> {1, left};
prec($-) -> {1, left};
prec($*) -> {2, left};
prec($/) -> {2, left};
prec($^) -> {3, right}.

expr(Tokens, MinPrec).. ->
    {Lhs, Rest} = primary(Tokens),
    climb(Lhs, Rest, MinPrec).

climb(Lhs, [{op, Op} | Rest] = Tokens, MinPrec) ->
    case prec(Op) of
        {P, Assoc} when P >= MinPrec ->
            Next = case Assoc of left -> P + 1; right -> P end,
            {Rhs, Rest2} = expr(Rest, Next),
            climb({Op, Lhs, Rhs}, Rest2, MinPrec);
        _ ->
            {Lhs, Tokens}
    end;
climb(Lhs, Tokens, _) -> {Lhs, Tokens}.

primary([{num, N} | Rest]) -> {N, Rest};
primary([{id, Name} | Rest]) -> {{var, Name}, Rest};
primary([{op, $-} | Rest]) ->
    {E, Rest2} = primary(Rest),
    {{neg, E}, Rest2};
primary([lparen | Rest]) ->
    {E, [rparen | Rest2]} = expr(Rest, 0),
    {E, Rest2}.

eval(N) when is_number(N) -> N;
eval({neg, E}) -> -eval(E);
eval({$+, A, B}) -> eval(A) + eval(B);
eval({$-, A, B}) -> eval(A) - eval(B);
eval({$*, A, B}) -> eval(A) * eval(B);
eval({$/, A, B}) -> eval(A) / eval(B);
eval({$^, A, B}) -> math:pow(eval(A), eval(B)).
