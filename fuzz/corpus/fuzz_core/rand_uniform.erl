-module(rand_uniform).
-export([f/0]).
f() -> rand:uniform().
