-module(bin_guard_bin).
-export([main/0]).
f(B) when byte_size(B) > 2, binary_part(B, 0, 1) =:= <<"a">> -> long_a;
f(B) when B =:= <<1, 2>> -> one_two;
f(B) when bit_size(B) rem 8 =/= 0 -> bits;
f(_) -> other.
main() -> [f(X) || X <- [<<"abc">>, <<1,2>>, <<1:3>>, <<"bcd">>, <<"a">>]].
