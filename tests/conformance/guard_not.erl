-module(guard_not).
-export([main/0]).
main() -> [t(X) || X <- [1, a, 2.0]].
t(X) when not is_integer(X), not is_atom(X) -> neither;
t(X) when not is_atom(X) -> int;
t(_) -> atom.
