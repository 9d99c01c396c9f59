-module(bin_bifs_lists).
-export([main/0]).
main() ->
    {list_to_binary([1, 2, [3, <<4, 5>>], [], <<>> | <<6>>]), binary_to_list(<<"abc">>),
     binary_to_list(<<"abcdef">>, 2, 4), bitstring_to_list(<<1, 2, 3:3>>), bitstring_to_list(<<>>),
     iolist_to_binary([<<"a">>, "bc", [[$d]]]), iolist_to_binary(<<"x">>), iolist_size([1, <<2, 3>>, [4]]),
     iolist_size(<<1,2>>), c(fun() -> list_to_binary(id([256])) end), c(fun() -> list_to_binary(id([<<1:3>>])) end),
     c(fun() -> list_to_binary(id(<<1>>)) end), c(fun() -> binary_to_list(id(<<1:3>>)) end),
     c(fun() -> binary_to_list(<<"abc">>, 3, id(2)) end), c(fun() -> binary_to_list(<<"abc">>, id(0), 2) end),
     c(fun() -> iolist_size(id([a])) end), c(fun() -> iolist_to_binary(id(foo)) end),
     c(fun() -> list_to_binary(id([1 | 2])) end), binary_to_list(<<"abc">>, 3, 3)}.
id(X) -> X.
c(F) -> try F() catch C:R -> {C, R} end.
