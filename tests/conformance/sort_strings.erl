-module(sort_strings).
-export([main/0]).
main() -> lists:sort(["pear", "apple", "fig", "banana", "apple"]).
