-module(exc_badmatch_list).
-export([main/0]).
main() -> [A, B] = [1, 2, 3], {A, B}.
