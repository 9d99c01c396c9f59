-module(bin_match_sizes).
-export([main/0]).
tlv(<<T:8, L:8, V:L/binary, Rest/binary>>) -> [{T, V} | tlv(Rest)];
tlv(<<>>) -> [];
tlv(Bad) -> {error, Bad}.
main() -> {tlv(<<1,3,"abc",2,0,3,1,"z">>), tlv(<<1,5,"ab">>), tlv(<<1>>)}.
