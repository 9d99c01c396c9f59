-module(io_limits).
-export([w_huge/0, p_huge/0, write_loop/0, put_huge/0, put_deep/0, w_huge_tuple/0]).
%% io probes for tests/conformance/run.sh (no expected file): formatting and
%% writing huge terms must stop with a limit or fail promptly, never run on
%% inside one builtin call (docs/io.md).
big() -> lists:seq(1, 2000000).
%% ~w is split in Erlang past the printer's budget: it runs into the limit.
w_huge() -> length(io_lib:format("~w", [big()])).
w_huge_tuple() -> length(io_lib:format("~w", [list_to_tuple(big())])).
%% ~p above the budget: laid out in Erlang, it runs into the limit too.
p_huge() -> length(io_lib:format("~p", [big()])).
put_huge() -> io:put_chars(lists:duplicate(500000, $x)).
put_deep() -> io:put_chars([lists:duplicate(120000, "é"), <<"end">>]).
%% a writing loop stops at the output cap
write_loop() -> io:format("~p~n", [lists:seq(1, 100)]), write_loop().
%% one huge write: preemptible, stops at the cap
