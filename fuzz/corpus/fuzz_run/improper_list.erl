-module(improper_list).
-export([main/0]).
main() -> {[1 | 2], [a, b | c], tl([1 | 2])}.
