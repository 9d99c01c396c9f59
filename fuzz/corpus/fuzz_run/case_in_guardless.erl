-module(case_in_guardless).
-export([main/0]).
main() -> [f(X) || X <- [[], [1], [1,2], [1,2,3]]].
f(L) -> case L of [] -> empty; [_] -> one; [_, _] -> two; _ -> many end.
