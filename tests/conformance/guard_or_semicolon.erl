-module(guard_or_semicolon).
-export([main/0]).
main() -> [t(X) || X <- [0, 1, 2, a, [], "x"]].
t(X) when X =:= 0; X =:= a -> zero_or_a;
t(X) when is_integer(X) andalso X > 1 -> big;
t(X) when is_list(X) orelse X == 1 -> list_or_one.
