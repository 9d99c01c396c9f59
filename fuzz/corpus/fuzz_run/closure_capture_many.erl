-module(closure_capture_many).
-export([main/0]).
main() -> A = 1, B = 2, C = 3, D = {x}, F = fun(X) -> {A + X, B, C, D} end, F(10).
