-module(re_capture).
-export([main/0]).

t(F) -> try F() of R -> R catch C:E -> {C, E} end.
r(S, P, O) -> t(fun() -> re:run(S, P, O) end).

main() ->
    P = "(?<year>\\d{4})-(?<mon>\\d\\d)(?:-(?<day>\\d\\d))?",
    S1 = "on 2024-05-17 and 1999-12",
    Specs = [all, first, all_but_first, none, all_names, [year], [mon, year], ["day"], [<<"mon">>],
             [0, 1, 2, 3], [3, 4], [nope, 1], []],
    Types = [index, list, binary],
    A = [r(S1, P, [{capture, Sp, Ty}]) || Sp <- Specs, Ty <- Types],
    B = [r(S1, P, [global, {capture, Sp, Ty}]) || Sp <- Specs, Ty <- Types],
    C = [r(<<"xyz">>, "(x)(y)?(q)?", [{capture, Sp, Ty}]) || Sp <- [all, all_but_first, [1, 2, 3]], Ty <- Types],
    D = [r("abc", "b", [{capture, Sp}]) || Sp <- [all, first, all_but_first, none, all_names, [0], [1]]],
    E = [r("abc", "b", [{capture, bad}]), r("abc", "b", [{capture, [1.0]}]), r("abc", "b", [{capture, all, index, x}]),
         r("abc", "b", [{capture, [{a}]}]), r("abc", "(?<a>b)", [{capture, [a], list}, {capture, first, binary}]),
         r("abc", "(?<a>b)", [{capture, ['A']}]), r("abc", "(?<a>b)", [{capture, "a"}])],
    F = [r("aXbXc", "X", [global, {capture, first, binary}]),
         r("a1b2c3", "[a-z](\\d)", [global, {capture, all_but_first, list}]),
         r("a1b2c3", "([a-z])(\\d)", [global, {capture, [2, 1], binary}]),
         r("ab", "(?<a>a)|(?<b>b)", [global, {capture, all_names, index}]),
         r("ab", "(?<a>a)|(?<b>b)", [global, {capture, all, index}]),
         r("ab", "(?|(?<a>a)|(?<a>b))", [global, {capture, all_names, binary}])],
    All = A ++ B ++ C ++ D ++ E ++ F,
    [io:format("~p~n", [X]) || X <- All],
    length(All).
