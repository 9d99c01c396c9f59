-module(encoder).
-export([main/0]).
%% Run-length encoding, and a base-16 encoder over a list of bytes.
main() -> S = "aaabccddddde", E = rle(S), {E, unrle(E) =:= S, hex([0, 15, 16, 255, 171])}.
rle([]) -> [];
rle([C | T]) -> rle(T, C, 1).
rle([C | T], C, N) -> rle(T, C, N + 1);
rle(T, C, N) -> [{C, N} | rle(T)].
unrle([]) -> [];
unrle([{C, N} | T]) -> rep(C, N, unrle(T)).
rep(_, 0, Acc) -> Acc;
rep(C, N, Acc) -> [C | rep(C, N - 1, Acc)].
hex([]) -> [];
hex([B | T]) -> [d(B div 16), d(B rem 16) | hex(T)].
d(N) when N < 10 -> $0 + N;
d(N) -> $a + N - 10.
