-module(match_bind).
-export([main/0]).
main() -> {A, B} = {1, 2}, [H | T] = [A, B, 3], {X, X} = {H, 1}, {A, B, H, T, X}.
