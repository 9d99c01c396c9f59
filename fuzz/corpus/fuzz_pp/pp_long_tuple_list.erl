-module(pp_long_tuple_list).
-export([main/0]).
main() -> [{N, N * N, integer_to_list(N)} || N <- lists:seq(1, 12)].
