-module(bin_bifs_part).
-export([main/0]).
main() ->
    B = <<"hello world">>,
    {binary_part(B, 0, 5), binary_part(B, {6, 5}), binary_part(B, 11, -5), binary_part(B, 3, 0),
     split_binary(B, 5), split_binary(B, 0), split_binary(B, 11), c(fun() -> binary_part(B, 10, id(2)) end),
     c(fun() -> split_binary(B, id(12)) end), c(fun() -> binary_part(B, id(-1), 1) end),
     c(fun() -> binary_part(id(<<1:7>>), 0, 0) end), c(fun() -> binary_part(B, {id(1)}) end),
     c(fun() -> split_binary(id(<<1:12>>), 1) end)}.
id(X) -> X.
c(F) -> try F() catch C:R -> {C, R} end.
