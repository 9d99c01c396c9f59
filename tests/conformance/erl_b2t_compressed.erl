-module(erl_b2t_compressed).
-export([main/0]).
%% compressed inputs: good ones, and wrong sizes or corrupt zlib data.
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    T = {lists:seq(1, 100), "some text some text some text", <<"bin">>},
    C = term_to_binary(T, [compressed]),
    <<131, 80, Size:32, Z/binary>> = C,
    [t(fun() -> binary_to_term(C) end) =:= T,
     t(fun() -> binary_to_term(C, [used]) end) =:= {T, byte_size(C)},
     t(fun() -> binary_to_term(<<C/binary, 1, 2, 3>>, [used]) end) =:= {T, byte_size(C)},
     t(fun() -> binary_to_term(<<131, 80, (Size + 1):32, Z/binary>>) end),
     t(fun() -> binary_to_term(<<131, 80, (Size - 1):32, Z/binary>>) end),
     t(fun() -> binary_to_term(<<131, 80, 0:32, Z/binary>>) end),
     t(fun() -> binary_to_term(<<131, 80, Size:32, (binary_part(Z, 0, 10))/binary>>) end),
     t(fun() -> binary_to_term(<<131, 80, Size:32, 1, 2, 3, 4, 5, 6>>) end),
     t(fun() -> binary_to_term(<<131, 80, Size:32>>) end),
     t(fun() -> binary_to_term(<<131, 80>>) end)].
