-module(re_long).
-export([main/0]).

%% Subjects longer than one attempt's slice and window (vm/bif_re.c):
%% matches found far in, matches longer than the windows, global matches
%% across slices, lookbehind and anchors at slice edges, unicode offsets.
main() ->
    A = binary:copy(<<"a">>, 20000),
    U = unicode:characters_to_binary(lists:duplicate(2000, 16#3b1)),
    L = [
     fun() -> re:run(<<A/binary, "needle">>, "needle") end,
     fun() -> re:run(<<A/binary, "needle">>, "ne+dle$") end,
     fun() -> re:run(<<A/binary, "b">>, "a+b") end,
     fun() -> re:run(<<A/binary, "b">>, "a{5000}b") end,
     fun() -> re:run(<<"x", A/binary, "y">>, "x(a*)y", [{capture, all_but_first, index}]) end,
     fun() -> re:run(<<A/binary, "b">>, "(?<=a)b") end,
     fun() -> re:run(<<A/binary, "b">>, "^b") end,
     fun() -> re:run(<<A/binary, "\nb">>, "^b", [multiline]) end,
     fun() -> re:run(<<A/binary>>, "a$") end,
     fun() -> re:run(<<A/binary>>, "\\z") end,
     fun() -> re:run(<<A/binary>>, "a\\b") end,
     fun() -> re:run(<<A/binary>>, "(?=a{3}$)") end,
     fun() -> length(element(2, re:run(binary:copy(<<"ab ">>, 1000), "\\w+", [global]))) end,
     fun() -> lists:last(element(2, re:run(binary:copy(<<"ab ">>, 1000), "\\w+", [global]))) end,
     fun() -> length(re:split(binary:copy(<<"x,">>, 1000), ",")) end,
     fun() -> byte_size(iolist_to_binary(re:replace(binary:part(A, 0, 2000), "a", "bb", [global]))) end,
     fun() -> re:run(A, "a", [{offset, 19999}]) end,
     fun() -> re:run(A, "aa", [{offset, 19999}]) end,
     fun() -> re:run(<<U/binary, "z">>, "z") end,
     fun() -> re:run(<<U/binary, "z">>, "\x{3b1}z", [unicode]) end,
     fun() -> re:run(<<U/binary, "z">>, ".z", [unicode, {capture, all, list}]) end,
     fun() -> length(element(2, re:run(U, ".", [unicode, global]))) end,
     fun() -> length(element(2, re:run(binary:part(U, 0, 1000), "", [unicode, global]))) end,
     fun() -> re:run(U, "\x{3b1}{1999}", [unicode]) end,
     fun() -> re:run(<<A/binary, "c">>, "[ab]*c") end,
     fun() -> re:run(<<(binary:copy(<<"ab">>, 3000))/binary, "c">>, "(?:ab)+c", [{capture, first, index}]) end,
     fun() -> re:run(A, "a*", [global, {capture, first, index}, {offset, 19990}]) end
    ],
    [io:format("~p~n", [F()]) || F <- L],
    length(L).
