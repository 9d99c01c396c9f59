-module(dynamic_function).
-export([f/1]).
f(F) -> lists:F([1]).
