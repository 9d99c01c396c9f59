-module(ds_array_orddict).
-export([main/0]).
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
main() ->
    Ds = [[{0, a}], [{9, a}], [{10, a}], [{11, a}], [{0, a}, {10, b}], [{0, a}, {20, b}],
          [{0, a}, {21, b}], [{3, a}, {17, b}, {99, c}], [{100, x}], [{1000, x}],
          [{0, a}, {999, b}], [{5, a}, {250, b}, {251, c}, {1999, d}], [{12345, z}],
          [{I, I} || I <- lists:seq(0, 99)], [{I, I} || I <- lists:seq(0, 100)],
          [{I * 7, I} || I <- lists:seq(0, 60)], [{I * 37, I} || I <- lists:seq(1, 40)]],
    [[array:from_orddict(D) || D <- Ds],
     [array:sparse_to_orddict(array:from_orddict(D)) =:= D || D <- Ds],
     array:from_orddict([{2, a}], def), array:from_orddict([], def),
     t(fun() -> array:from_orddict([foo]) end),
     t(fun() -> array:from_orddict([{200, foo}, {1, bar}]) end),
     t(fun() -> array:from_orddict([{1, a}, {1, b}]) end),
     t(fun() -> array:from_orddict([{-1, a}]) end),
     t(fun() -> array:from_orddict([{a, a}]) end),
     t(fun() -> array:from_orddict([{0, a} | bad]) end),
     t(fun() -> array:from_orddict(bad) end)].
