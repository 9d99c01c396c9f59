-module(re_limits).
-export([main/0]).

t(F) -> try F() of R -> R catch C:E -> {C, E} end.
r(S, P, O) -> t(fun() -> re:run(S, P, O) end).

%% Pathological patterns end as OTP reports them: nomatch, or with
%% report_errors {error, match_limit | match_limit_recursion}. Not here:
%% what differs by design (docs/builtins.md, re): the limit per start
%% position (OTP 10,000,000 steps, here 16,384) and PCRE2's earlier nomatch
%% where PCRE 8.45 searched (a required character missing).
main() ->
    A30 = lists:duplicate(30, $a) ++ "b",
    Long = binary:copy(<<"a">>, 20000),
    L = [
     r(A30, "(a+)+$", []), r(A30, "(a+)+$", [report_errors]), r(A30, "(a+)+$", [global]),
     r(A30, "(a+)+$", [global, report_errors]), r(A30, "(a|aa)+$", [report_errors]),
     r(A30, "(a*)*$", [report_errors]), r(A30, "(a+)+b", [report_errors, {capture, all, list}]),
     r(A30, "(a+)+$", [report_errors, {match_limit, 5}]), r("aaab", "(a+)+$", [report_errors, {match_limit, 1}]),
     r("ab", "a", [report_errors, {match_limit, 100}]), r("ab", "a", [report_errors, {match_limit_recursion, 100}]),
     r(A30, "(a+)+$", [report_errors, {match_limit_recursion, 2}]),
     r(A30, "(a+)+$", [{match_limit_recursion, 2}]),
     r(<<Long/binary, "b">>, "(a+)+$", [report_errors]),
     r(<<Long/binary, "b">>, "a+b", [{capture, first, index}]),
     r(Long, "[ab]*c", [report_errors]),
     t(fun() -> re:replace(A30, "(a+)+$", "x", [{return, list}]) end),
     t(fun() -> re:split(A30, "(a+)+$", [{return, list}]) end),
     r("abc", "b", [{match_limit, 0}, report_errors]),
     r("abc", "b", [{match_limit, x}]), r("abc", "b", [{match_limit_recursion, -5}])
    ],
    [io:format("~p~n", [X]) || X <- L],
    length(L).
