-module(json_like_encoder).
-export([main/0]).
%% Encodes a nested term as JSON-like text.
main() -> enc({obj, [{"name", "hl"}, {"tags", [1, 2, true]}, {"nested", {obj, [{"k", null}]}}]}).
enc({obj, Pairs}) -> "{" ++ join([enc_str(K) ++ ":" ++ enc(V) || {K, V} <- Pairs]) ++ "}";
enc(L) when is_list(L), is_integer(hd(L)), hd(L) > 31 -> enc_str(L);
enc(L) when is_list(L) -> "[" ++ join([enc(X) || X <- L]) ++ "]";
enc(true) -> "true";
enc(null) -> "null";
enc(N) when is_integer(N) -> integer_to_list(N).
enc_str(S) -> [$\" | S] ++ [$\"].
join([]) -> [];
join([X]) -> X;
join([X | T]) -> X ++ "," ++ join(T).
