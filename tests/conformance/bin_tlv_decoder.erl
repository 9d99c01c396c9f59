-module(bin_tlv_decoder).
-export([main/0]).
decode(<<1, 4, V:32/signed>>) -> V;
decode(<<2, L:16, S:L/binary>>) -> {str, S};
decode(<<3, N:8, Rest/binary>>) -> {list, items(N, Rest)}.
items(0, <<>>) -> [];
items(N, <<1, 4, V:4/binary, Rest/binary>>) -> [decode(<<1, 4, V/binary>>) | items(N - 1, Rest)];
items(N, <<2, L:16, V:L/binary, Rest/binary>>) -> [decode(<<2, L:16, V/binary>>) | items(N - 1, Rest)].
encode(I) when is_integer(I) -> <<1, 4, I:32/signed>>;
encode({str, S}) -> <<2, (byte_size(S)):16, S/binary>>.
main() ->
    {decode(encode(-7)), decode(encode({str, <<"hi there">>})),
     decode(<<3, 3, 1, 4, 0, 0, 0, 5, 2, 0, 2, "ok", 1, 4, 255, 255, 255, 255>>),
     catch_it(fun() -> decode(<<3, 1, 9>>) end)}.
catch_it(F) -> try F() catch C:R -> {C, R} end.
