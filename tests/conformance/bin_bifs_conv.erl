-module(bin_bifs_conv).
-export([main/0]).
main() ->
    {atom_to_binary(hello), atom_to_binary('héllo', utf8), atom_to_binary('héllo', latin1),
     atom_to_binary(ok, unicode), integer_to_binary(12345), integer_to_binary(-255, 16),
     integer_to_binary(1 bsl 80), binary_to_integer(<<"-42">>), binary_to_integer(<<"ff">>, 16),
     binary_to_integer(<<"123456789012345678901234567890">>), c(fun() -> binary_to_integer(<<"1.0">>) end),
     c(fun() -> atom_to_binary(id("x")) end), c(fun() -> atom_to_binary('€', latin1) end),
     c(fun() -> integer_to_binary(id(1.0)) end), c(fun() -> binary_to_integer(<<"12">>, id(37)) end),
     c(fun() -> atom_to_binary(ok, id(utf16)) end)}.
id(X) -> X.
c(F) -> try F() catch C:R -> {C, R} end.
