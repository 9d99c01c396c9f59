%% A -- B yields (docs/builtins.md): small operands in one call, larger ones
%% in walk / match / build steps of at most 65,536 work units each; results,
%% =:= matching, first occurrences and improper lists as OTP gives them.
-module(trap_subtract).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.
h(L) -> {length(L), erlang:phash2(L)}.

main() ->
    Q = 65536,
    S = lists:seq(1, Q + 10), % more than a quantum
    Bad = S ++ foo,
    [c(fun() -> h(lists:seq(1, 300) -- lists:seq(1, 300, 3)) end),
     c(fun() -> h(S -- [5, 7, Q + 3, 5, nope, Q + 10]) end),
     c(fun() -> h(lists:seq(1, 3000) -- lists:seq(2900, 1, -2)) end),
     c(fun() -> h([a, b, a, 1.0, 1, c | S] -- [1, a, 1.0, a, a, {x}, "s"]) end),
     c(fun() -> h(lists:seq(1, 10) -- S) end),
     c(fun() -> h([] -- S) end),
     c(fun() -> h(S -- []) end),
     c(fun() -> S -- [1 | foo] end),
     c(fun() -> [1, 2 | foo] -- S end),
     c(fun() -> [] -- Bad end),
     c(fun() -> Bad -- [] end),
     c(fun() -> Bad -- [1] end),
     c(fun() -> h([{I, [I]} || I <- lists:seq(1, 400)] -- [{I, [I]} || I <- lists:seq(400, 1, -3)]) end),
     c(fun() -> h(S -- S) end)].
