-module(seq_blocks).
-export([main/0]).
main() -> X = begin A = 1, B = 2, A + B end, Y = case X of 3 -> Z = 10, Z + 1; _ -> 0 end, {X, Y}.
