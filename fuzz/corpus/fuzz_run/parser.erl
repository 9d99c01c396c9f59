-module(parser).
-export([main/0]).
%% A tokenizer and recursive-descent parser for arithmetic.
main() -> [calc("1 + 2 * 3"), calc("(1 + 2) * 3"), calc("10 - 4 - 3"), calc("2 * (3 + 4) * 5")].
calc(S) -> {E, []} = expr(tokens(S)), {E, ev(E)}.
tokens([]) -> [];
tokens([$\s | T]) -> tokens(T);
tokens([C | T]) when C >= $0, C =< $9 -> num(T, C - $0);
tokens([C | T]) -> [C | tokens(T)].
num([C | T], N) when C >= $0, C =< $9 -> num(T, N * 10 + C - $0);
num(T, N) -> [{int, N} | tokens(T)].
expr(Ts) -> {L, R} = term(Ts), expr_rest(L, R).
expr_rest(L, [$+ | Ts]) -> {R, Rest} = term(Ts), expr_rest({'+', L, R}, Rest);
expr_rest(L, [$- | Ts]) -> {R, Rest} = term(Ts), expr_rest({'-', L, R}, Rest);
expr_rest(L, Ts) -> {L, Ts}.
term(Ts) -> {L, R} = factor(Ts), term_rest(L, R).
term_rest(L, [$* | Ts]) -> {R, Rest} = factor(Ts), term_rest({'*', L, R}, Rest);
term_rest(L, Ts) -> {L, Ts}.
factor([{int, N} | Ts]) -> {N, Ts};
factor([$( | Ts]) -> {E, [$) | Rest]} = expr(Ts), {E, Rest}.
ev({Op, A, B}) -> X = ev(A), Y = ev(B), case Op of '+' -> X + Y; '-' -> X - Y; '*' -> X * Y end;
ev(N) -> N.
