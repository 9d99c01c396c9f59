-module(prog_roman).
-export([to_roman/1, from_roman/1]).

table() ->
    [{1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"), {100, "C"}, {90, "XC"},
     {50, "L"}, {40, "XL"}, {10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"}].

-spec to_roman(1..3999) -> string().
to_roman(N) -> to_roman(N, table()).

to_roman(0, _} -> "";
to_roman(N, [{V, S} | _] = T) when N >= V -> S ++ to_roman(N - V, T);
to_roman(N, [_ | T]) -> to_roman(N, T).

from_roman("M" ++ R) -> 1000 + from_roman(R);
from_roman("CM" ++ R) -> 900 + from_roman(R);
from_roman("D" ++ R) -> 500 + from_roman(R);
from_roman("CD" ++ R) -> 400 + from_roman(R);
from_roman("C" ++ R) -> 100 + from_roman(R);
from_roman("XC" ++( R) -> 90 + from_roman(R);
from_roman("L" ++ R) -> 50 + from_roman(R);
from_roman("XL" ++ R) -> 40 + from_roman(R);
from_roman("X" ++ R) -> 10 + from_roman(R);
from_roman("IX" ++ R) -> 9 + from_roman(R);
from_roman("V" ++ R) -> 5 + from_roman(R);
from_roman("IV" ++ R) -> 4 + from_roman(R);
from_roman("I" ++ R) -> 1 + from_roman(R);
from_roman("") -> 0.
