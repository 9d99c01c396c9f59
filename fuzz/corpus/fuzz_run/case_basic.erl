-module(case_basic).
-export([main/0]).
main() -> [classify(X) || X <- [0, 5, -3, a, {1,2}, [1], 2.5]].
classify(X) ->
    case X of
        0 -> zero;
        N when is_integer(N), N > 0 -> positive;
        N when is_integer(N) -> negative;
        A when is_atom(A) -> atom;
        {_, _} -> pair;
        [_ | _] -> list;
        _ -> other
    end.
