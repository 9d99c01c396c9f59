-module(io_p_records).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~p", [{person, "Alice", 30, [{email, "alice@example.com"}, {phone, "555-1234"}], #{role => admin}}]),
     f("~p", [{state, idle, [], undefined, 0, {config, true, false, lists:seq(1, 12)}}]),
     f("~w", [{person, "Bob", 25}])].
