-module(unsafe_receive).
-export([f/0]).
f() ->
    receive
        1 -> X = 1
    after 10 -> ok
    end,
    X.
