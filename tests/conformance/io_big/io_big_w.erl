-module(io_big_w).
-export([main/0]).

%% ~w of terms whose text is past one printing builtin's budget (64 Ki
%% characters): the list, tuple, binary and map are split in Erlang.
main() ->
    L = lists:seq(1, 14000),
    S = iolist_to_binary(io_lib:format("~w", [L])),
    T = iolist_to_binary(io_lib:format("~w", [list_to_tuple(L)])),
    B = iolist_to_binary(io_lib:format("~w", [list_to_binary(lists:duplicate(17000, 200))])),
    M = iolist_to_binary(io_lib:format("~w|", [lists:foldl(fun(K, A) -> A#{K => [K, K, K, K, K]} end, #{}, lists:seq(1, 3000))])),
    [byte_size(S), binary_part(S, 0, 30), binary_part(S, byte_size(S), -20), byte_size(T),
     binary_part(T, 0, 12), byte_size(B), binary_part(B, 0, 10), binary_part(B, byte_size(B), -10),
     erlang:phash2(S), erlang:phash2(T), erlang:phash2(B), byte_size(M), erlang:phash2(M)].
