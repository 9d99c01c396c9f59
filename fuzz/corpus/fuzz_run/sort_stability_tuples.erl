-module(sort_stability_tuples).
-export([main/0]).
main() -> lists:sort([{2, a}, {1, b}, {2, c}, {1, d}]).
