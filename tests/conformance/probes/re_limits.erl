%% Limit probes for re (vm/bif_re.c, docs/builtins.md "re"): pathological
%% searches are charged by the work their bounded calls do, so a small
%% reduction budget stops them (exit 3, reductions) instead of one call
%% running on.
-module(re_limits).
-export([backtrack/0, scan/0, global_empty/0]).

%% (a+)+$ hits the per-position limit (the search ends as nomatch), again
%% and again: each search is charged its ~16,384 steps
backtrack() -> S = <<(binary:copy(<<"a">>, 20000))/binary, "b">>, rep(1000000, S).
rep(0, _) -> done;
rep(N, S) -> nomatch = re:run(S, "(a+)+$"), rep(N - 1, S).
%% a scan to the end of 200 KB from every position: quadratic, charged
%% (within the 256 KiB one position may scan: past it a position's scan
%% ends as the match limit, tests/unit/test_vm_re_window.c)
scan() -> re:run(binary:copy(<<"a">>, 200000), "[ab]*(?:x|y)").
%% a million empty matches
global_empty() -> re:run(binary:copy(<<"a">>, 1000000), "", [global, {capture, none}]).
