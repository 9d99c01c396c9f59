-module(binary_search).
-export([main/0]).
main() -> T = list_to_tuple(lists:seq(1, 100)), [bs(T, X) || X <- [1, 50, 100, 101, 0]].
bs(T, X) -> bs(T, X, 1, tuple_size(T)).
bs(_, _, L, H) when L > H -> not_found;
bs(T, X, L, H) -> M = (L + H) div 2, case element(M, T) of X -> {found, M}; V when V < X -> bs(T, X, M + 1, H); _ -> bs(T, X, L, M - 1) end.
