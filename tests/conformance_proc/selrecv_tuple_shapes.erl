%% Receive patterns on maps, lists and nested tuples, each taking the first message of its shape.
-module(selrecv_tuple_shapes).
-export([main/0]).

main() ->
    [self() ! M || M <- [[1, 2], #{k => v}, {x, {y, 3}}, "text", {x, {z, 4}}, #{k => w, j => 1}]],
    A = receive {x, {z, N}} -> {z, N} end,
    B = receive #{k := K, j := J} -> {k, K, J} end,
    C = receive [H | _] when is_integer(H), H < 10 -> {list_head, H} end,
    D = receive #{k := K2} -> {k, K2} end,
    E = receive {x, Inner} -> Inner end,
    F = receive S -> S end,
    [A, B, C, D, E, F].
