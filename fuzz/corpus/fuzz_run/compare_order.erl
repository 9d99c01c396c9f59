-module(compare_order).
-export([main/0]).
main() -> [min(3, 1), max(3, 1), min(a, 1), max([], {}), min(1.0, 1), max(1, 1.0)].
