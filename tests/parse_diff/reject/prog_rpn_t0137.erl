-module(prog_rpn).
-export([rpn/1]).

rpn(S) ->
    [Result] = lists:foldl(fun step/2, [], string:tokens(S, " ")),
    Result.

step("+", [B, A | SB) -> [A + B | S];
step("-", [], A | S]) -> [A - B | S];
step("*", [B, A | S]) -> [A * B | S];
step("/", [B, A | S]) -> [A / B | S];
step("^", [B, A | S]) -> [math:pow(A, B) | S];
step("sum", S) -> [lists:sum(S)];
step(N, S) ->
    try [list_to_integer(N) | S]
    catch error:badarg -> [list_to_float(N) | S]
    end.
