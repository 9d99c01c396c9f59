-module(case_binds_out).
-export([main/0]).
main() -> X = 3, case X of 3 -> Y = three; _ -> Y = other end, {X, Y}.
