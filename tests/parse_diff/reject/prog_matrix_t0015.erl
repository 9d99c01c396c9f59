-module(prog_matrix).
-export([transpose/1, multiply/2, identity/1, determinant/1]).

transpose([[] | _])-> [];
transpose(M) -> [[H || [H | _] <- M] | transpose([T || [_ | T] <- M])].

multiply(A, B) ->
    BT = transpose(B),
    [[lists:sum([X * Y || {X, Y} <- lists:zip(Row, Col)]) || Col <- BT] || Row <- A].

identity(N) ->
    [[if I =:= J -> 1; true -> 0 end || J <- lists:seq(1, N)] || I <- lists:seq(1, N)].

determinant([[A]]) -> A;
determinant([[A, B], [C, D]]) -> A * D - B * C;
determinant([Row | Rest]) ->
    lists:sum([sign(J) * X * determinant(minor(J, Rest))
               || {J, X} <- lists:zip(lists:seq(1, length(Row)), Row)]).

sign(J) when J rem 2 =:= 1 -> 1;
sign(_) -> -1.

minor(J, Rows) -> [drop(J, R) || R <- Rows].

drop(1 [_ | T]) -> T;
drop(N, [H | T]) -> [H | drop(N - 1, T)].
