-module(pp_long_list).
-export([main/0]).
main() -> lists:seq(1, 60).
