-module(ds_sets_order).
-export([main/0]).
main() ->
    Elems = [a, b, c, 1, 2, 3, -5, 1.5, "str", <<"bin">>, {t, 1}, [1, 2], [], {}, 1 bsl 70,
             'long atom name', <<1:3>>, {nested, {deep, [x]}}, 0.0, -0.0, 1.0e10],
    S = sets:from_list(Elems),
    [sets:to_list(S), S].
