-module(gcd_lcm).
-export([main/0]).
main() -> {gcd(48, 18), lcm(4, 6), gcd(17, 5), [gcd(X, 12) || X <- [1, 2, 3, 4, 5, 6]]}.
gcd(A, 0) -> A;
gcd(A, B) -> gcd(B, A rem B).
lcm(A, B) -> A * B div gcd(A, B).
