-module(mm_deep).
-export([main/0, up/1]).

%% Body recursion that alternates between two modules 100,000 deep, and a
%% higher-order stdlib call whose fun calls back into the other module.
main() ->
    N = up(100000),
    L = lists:map(fun(X) -> mm_deep_lib:sq(X) end, lists:seq(1, 10)),
    F = lists:filter(fun(X) -> mm_deep_lib:odd(X) end, L),
    {N, L, F}.

up(0) -> 0;
up(N) -> 1 + mm_deep_lib:up(N - 1).
