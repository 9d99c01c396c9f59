-module(min_max_mixed).
-export([main/0]).
main() -> {max(1, 2.0), min(a, "a"), max({1}, [1]), min(3, 3.0), max(3, 3.0)}.
