-module(big_tuple).
-export([main/0]).
main() -> T = list_to_tuple(seq(1, 40)), {element(40, T), tuple_size(T)}.
seq(A, B) when A > B -> [];
seq(A, B) -> [A | seq(A + 1, B)].
