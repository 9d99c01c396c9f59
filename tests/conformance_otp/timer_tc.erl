%% timer:tc/1,2,3 (needs the clocks capability): {Microseconds, Value}
%% with a non-negative integer time; tc/3 of the program's own function; an
%% exception in the function propagates.
%% hl-run-flags: --grant clocks
-module(timer_tc).
-export([main/0, add/2]).

add(A, B) -> A + B.

main() ->
    {T1, V1} = timer:tc(fun() -> lists:sum(lists:seq(1, 1000)) end),
    {T2, V2} = timer:tc(fun(A, B) -> A * B end, [6, 7]),
    {T3, V3} = timer:tc(?MODULE, add, [40, 2]),
    {T4, V4} = timer:tc(fun() -> ok end, []),
    io:format("~p~n", [[V1, V2, V3, V4]]),
    io:format("~p~n", [[is_integer(T) andalso T >= 0 || T <- [T1, T2, T3, T4]]]),
    io:format("~p~n", [try timer:tc(fun() -> error(inside) end) catch C:R -> {C, R} end]),
    io:format("~p~n", [try timer:tc(fun(_) -> x end, []) catch C2:R2 -> {C2, element(1, R2)} end]),
    io:format("~p~n", [try timer:tc(?MODULE, no_such, []) catch C3:R3 -> {C3, R3} end]),
    ok.
