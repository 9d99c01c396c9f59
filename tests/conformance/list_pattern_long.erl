-module(list_pattern_long).
-export([main/0]).
main() -> [A, B, C, D, E | Rest] = lists:seq(1, 8), {A + B + C + D + E, Rest}.
