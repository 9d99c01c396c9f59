-module(div_rem_signs).
-export([main/0]).
main() -> [{A div B, A rem B} || A <- [7, -7], B <- [2, -2]].
