-module(nested_data).
-export([main/0]).
main() -> {[{a, [1, {b, []}]}, {c, {d, {e, "f"}}}], [[[]]], {{{}}}}.
