-module(guard_bif_fail_skips).
-export([main/0]).
main() -> [t(X) || X <- [[], [1], {}, 3]].
t(X) when hd(X) == 1 -> head_one;
t(X) when length(X) == 0 -> empty;
t(X) when tuple_size(X) == 0 -> empty_tuple;
t(_) -> other.
