-module(erlang_send).
-export([f/1]).
f(P) -> erlang:'!'(P, hello).
