-module(pow_loop).
-export([main/0]).
main() -> [pow(2, N) || N <- [0, 10, 59, 60, 64, 100]].
pow(_, 0) -> 1;
pow(B, N) -> B * pow(B, N - 1).
