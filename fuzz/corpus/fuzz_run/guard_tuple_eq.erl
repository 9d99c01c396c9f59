-module(guard_tuple_eq).
-export([main/0]).
main() -> [t(X) || X <- [{a, 1}, {a, 2}, [1, 2], x]].
t(X) when X == {a, 1} -> exact;
t(X) when X =:= [1, 2] -> lst;
t({a, _}) -> a_tuple;
t(_) -> no.
