-module(match_alias).
-export([main/0]).
main() -> f({point, 1, 2}).
f({point, X, _} = P) -> {X, P};
f(_) -> no.
