-module(guards_seq).
-export([main/0]).
main() -> [g(X) || X <- [1, a, 2.0, "s", {t}, [], -1]].
g(X) when is_integer(X), X > 0; is_float(X) -> num;
g(X) when is_atom(X) -> atom;
g(X) when is_list(X), length(X) > 0 -> nonempty;
g(X) when is_tuple(X) andalso tuple_size(X) == 1 -> one;
g(X) when X == []; X < 0 -> nil_or_neg.
