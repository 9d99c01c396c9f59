-module(bits_args).
-export([build/1, parse/1, both/2, iolist/1, gen/1]).
%% Bit syntax on the fuzzer's arguments (1 and [a, {b, 2}, "s"]).
build(X) -> <<X:8, X:(X * 3)/little-signed, X/utf8, (float(X)):32/float, <<X:X>>/bits>>.
parse(<<N:8, D:N/binary, R/bits>>) -> {D, R};
parse(B) when is_binary(B) -> byte_size(B);
parse(L) -> parse(term_bin(L)).
term_bin(L) -> try list_to_binary(L) catch error:badarg -> <<(length(L)):8, 1, 2, 3>> end.
both(X, Y) -> << <<Z:4>> || <<Z:4>> <= <<X:16, (bit_size(<<Y:7>>)):8>> >>.
iolist(L) -> {catch iolist_size(L), catch iolist_to_binary([L, <<1:8>>])}.
gen(X) -> [A + B || <<A:3, B:5>> <= <<X:64>>].
