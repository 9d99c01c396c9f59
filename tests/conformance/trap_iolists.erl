%% The I/O-list builtins yield (docs/builtins.md): flat, nested, deep (both
%% ways), binaries copied across quanta, bitstrings, and errors found late.
-module(trap_iolists).
-export([main/0]).
id(X) -> X.
c(F) -> try F() catch C:R -> {C, R} end.
h(B) when is_bitstring(B) -> {bit_size(B), erlang:phash2(B)};
h(X) -> X.
main() ->
    Q = 65536,
    Bytes = binary_to_list(list_to_binary(lists:duplicate(Q div 16 + 7, <<"0123456789abcdef">>))),
    Nested = lists:duplicate(Q div 2 + 7, [7, <<"ab">>]),
    Deep = lists:foldl(fun(I, Acc) -> [Acc, I] end, [], lists:sublist(Bytes, Q div 2 + 3)),
    DeepR = lists:foldl(fun(I, Acc) -> [I | [Acc]] end, [], lists:sublist(Bytes, Q div 2 + 3)),
    Big = list_to_binary(lists:duplicate(40000, <<"abcdefgh">>)),
    WithBig = [1, Big, [Big, 2 | Big], <<>>, []],
    Bits = [<<1:3>>, [<<255, 7:5>>] | lists:duplicate(Q, <<5:2>>)],
    FlatBits = [<<1:3>>, <<255, 7:5>> | lists:duplicate(Q, <<5:2>>)],
    [c(fun() -> h(list_to_binary(Bytes)) end),
     c(fun() -> h(iolist_to_binary(Bytes)) end),
     c(fun() -> iolist_size(Bytes) end),
     c(fun() -> h(iolist_to_binary(Nested)) end),
     c(fun() -> iolist_size(Nested) end),
     c(fun() -> h(iolist_to_binary(Deep)) end),
     c(fun() -> iolist_size(DeepR) end),
     c(fun() -> h(iolist_to_binary(DeepR)) end),
     c(fun() -> h(iolist_to_binary(WithBig)) end),
     c(fun() -> iolist_size(WithBig) end),
     c(fun() -> h(<< <<X/bitstring>> || X <- FlatBits >>) end),
     c(fun() -> list_to_binary(Bits) end),
     c(fun() -> iolist_size(Bits) end),
     c(fun() -> list_to_binary(Bytes ++ [256]) end),
     c(fun() -> list_to_binary(Bytes ++ foo) end),
     c(fun() -> iolist_to_binary([Nested | bar]) end),
     c(fun() -> iolist_size([Nested, -1]) end),
     c(fun() -> iolist_size(Nested ++ [<<1:1>>]) end),
     c(fun() -> h(iolist_to_binary(<<1,2,3>>)) end),
     c(fun() -> iolist_to_binary(<<1:1>>) end),
     c(fun() -> iolist_size(<<1,2,3>>) end),
     c(fun() -> list_to_binary(id(<<1>>)) end),
     c(fun() -> h(list_to_binary([])) end),
     c(fun() -> h(<< <<X/bitstring>> || X <- [<<>>, <<1:1>>] >>) end)].
