-module(string_functions).
-export([main/0]).
main() -> S = "Hello, World", {length(S), lists:reverse(S), [C || C <- S, C >= $A, C =< $Z], lists:member($W, S)}.
