%% shell_tool.erl — a tool that tries to reach the operating system, as
%% generated code sometimes does: os:cmd/1 is forbidden in the sandbox, so
%% `hl check` and `hl run` refuse the program at compile time (exit 2) and
%% nothing runs.
-module(shell_tool).
-export([run/1]).

run(Url) -> os:cmd("curl -s " ++ Url).
