-module(records_match).
-export([main/0]).
-record(pt, {x = 0, y = 0}).
main() -> [quad(#pt{x = X, y = Y}) || {X, Y} <- [{1, 1}, {-1, 2}, {0, 0}]].
quad(#pt{x = X, y = Y}) when X > 0, Y > 0 -> first;
quad(#pt{x = X}) when X < 0 -> left;
quad(#pt{}) -> origin.
