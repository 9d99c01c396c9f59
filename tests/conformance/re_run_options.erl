-module(re_run_options).
-export([main/0]).

t(F) -> try F() of R -> R catch C:E -> {C, E} end.

r(S, P, O) -> t(fun() -> re:run(S, P, O) end).

main() ->
    C = [{capture, all, list}],
    L = [
     r("ABC", "b", C), r("ABC", "b", [caseless | C]), r("ABC", "(?i)b", C),
     r("a\nb", "^b", C), r("a\nb", "^b", [multiline | C]), r("a\nb$", "a$", [multiline | C]),
     r("a\nb", "a.b", C), r("a\nb", "a.b", [dotall | C]), r("a\nb", "(?s)a.b", C),
     r("abc", "a b c # comment", C), r("abc", "a b c # comment", [extended | C]),
     r("xabc", "abc", C), r("xabc", "abc", [anchored | C]), r("abcx", "abc", [anchored | C]),
     r("aaa", "a+", C), r("aaa", "a+", [ungreedy | C]), r("aaa", "a+?", [ungreedy | C]),
     r("ab\n", "b$", C), r("ab\n", "b$", [dollar_endonly | C]),
     r("ab\ncd", "cd", [firstline | C]), r("abcd\ncd", "cd", [firstline | C]),
     r("abc", "(a)(?<n>b)", [no_auto_capture | C]),
     r("abc", "^a", [notbol | C]), r("abc", "c$", [noteol | C]),
     r("abc", "x*", [notempty | C]), r("abc", "x*|b", [notempty | C]),
     r("abc", "x*", [notempty_atstart | C]), r("abc", "x*", [notempty_atstart, global | C]),
     r("abcabc", "abc", [{offset, 1} | C]), r("abcabc", "abc", [{offset, 1}]),
     r("abcabc", "^abc", [{offset, 3}]), r("abcabc", "(?<=c)abc", [{offset, 1}]),
     r("abcabc", "abc", [{offset, 6}]), r("abc", "", [{offset, 3}]),
     r("a\rb", "^b", [multiline, {newline, cr} | C]),
     r("a\rb", "^b", [multiline, {newline, lf} | C]),
     r("a\r\nb", "^b", [multiline, {newline, crlf} | C]),
     r("a\r\nb", "a$", [multiline, {newline, crlf} | C]),
     r("a\rb", "a$", [multiline, {newline, anycrlf} | C]),
     r("a\x{85}b", "a$", [multiline, {newline, any} | C]),
     r("a\x{85}b", "a$", [multiline, {newline, anycrlf} | C]),
     r("a\r\nb", "a.", [{newline, cr} | C]), r("a\r\nb", "a.", [{newline, lf} | C]),
     r("a\r\nb", "\\R", [C]), r("a\x{85}b", "\\R", [C]), r("a\x{85}b", "\\R", [bsr_anycrlf | C]),
     r("a\x{85}b", "\\R", [bsr_unicode | C]),
     r("ab", "a", [{match_limit, 100}]), r("ab", "a", [{match_limit_recursion, 100}]),
     r("abc", "B", [caseless, global | C]), r("aBcb", "b", [caseless, global | C]),
     r("x", "x", [no_start_optimize | C]), r("x", "x", [ucp | C]),
     r("x", "x", [never_utf | C]), r("x", "x", [never_utf, unicode | C]),
     r("aa", "(?<n>a)(?<n>a)", [dupnames | C]), r("aa", "(?<n>a)(?<n>a)", C),
     r("abc", "b", [{offset, -1}]), r("abc", "b", [{offset, x}]), r("abc", "b", [{match_limit, -1}]),
     r("abc", "b", [{newline, foo}]), r("abc", "b", [anchored, {offset, 1} | C]),
     r("abc", "b", [global, global | C]), r("abc", "(?m)^b", C), r("a\nb", "(?m)^b", C),
     r("AbC", "(?i:b)c", C), r("AbC", "(?i:b)C", C), r("a.c", "a\\.c", C), r("abc", "a\\.c", C),
     r("tab\there", "\\t", C), r("x1y22z333", "\\d+", [global | C]), r("x1y22z333", "\\d{2,}", [global | C]),
     r("hello world", "\\bw", C), r("hello world", "o\\b", [global | C]),
     r("foo.bar", "(?<=\\.)\\w+", C), r("foobar", "foo(?=bar)", C), r("foobaz", "foo(?!bar)", C),
     r("aaa", "a{2}", [global | C]), r("abab", "(ab)+", C), r("abab", "(?:ab)+", C),
     r("abcabc", "(a)(b)(c)\\1", C), r("abab", "(?<x>ab)\\k<x>", C)
    ],
    [io:format("~p~n", [X]) || X <- L],
    length(L).
