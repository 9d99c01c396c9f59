-module(matrix).
-export([main/0]).
main() -> A = [[1, 2], [3, 4]], B = [[5, 6], [7, 8]], {mmul(A, B), transpose([[1,2,3],[4,5,6]])}.
mmul(A, B) -> Bt = transpose(B), [[dot(R, C) || C <- Bt] || R <- A].
dot([], []) -> 0;
dot([X | Xs], [Y | Ys]) -> X * Y + dot(Xs, Ys).
transpose([[] | _]) -> [];
transpose(M) -> [[H || [H | _] <- M] | transpose([T || [_ | T] <- M])].
