-module(many_args).
-export([main/0]).
main() -> f(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12).
f(A, B, C, D, E, F, G, H, I, J, K, L) -> {L, K, J, I, H, G, F, E, D, C, B, A, A + B + C + D + E + F + G + H + I + J + K + L}.
