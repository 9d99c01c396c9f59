-module(guards_bifs).
-export([main/0]).
main() -> [f(X) || X <- [{a,1}, {b,2,3}, [1,2,3], 10, 3]].
f(T) when element(1, T) == a -> first_a;
f(T) when tuple_size(T) =:= 3 -> triple;
f(L) when hd(L) =:= 1, length(L) >= 3 -> list3;
f(N) when N rem 2 == 0, N div 2 > 4 -> big_even;
f(N) when abs(N - 5) < 3 -> near5.
