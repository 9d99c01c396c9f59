-module(string_nonprint).
-export([main/0]).
main() -> {[1,2,3], [97, 300], [10], "line\nbreak", [7]}.
