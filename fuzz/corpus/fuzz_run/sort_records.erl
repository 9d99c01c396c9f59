-module(sort_records).
-export([main/0]).
main() -> lists:sort([{b, 2}, {a, 3}, {a, 1}, {c, 0}, {a, 1, x}]).
