%% binary_to_list/1,3 and bitstring_to_list/1 yield (docs/builtins.md): results at
%% and across the quantum (65,536 bytes per call).
-module(trap_binaries).
-export([main/0]).

b(N) -> list_to_binary(lists:duplicate(N div 16 + 1, <<"0123456789abcdef">>)).

main() ->
    [begin
         B0 = b(N), B = binary_part(B0, 0, N),
         L = binary_to_list(B),
         L3 = binary_to_list(B, 2, N),
         L4 = binary_to_list(B, N, N),
         BL = bitstring_to_list(<<B/binary, 5:3>>),
         {length(L), lists:sum(L), length(L3), lists:sum(L3), L4, length(BL), lists:last(BL), lists:nth(N, BL),
          tl(L) =:= L3}
     end || N <- [65537]].
