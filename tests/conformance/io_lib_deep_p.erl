-module(io_lib_deep_p).
-export([main/0]).
%% ~p, ~P and io_lib:print/1 of terms printed on one line return
%% io_lib_pretty's nesting: io_lib:write's, but strings flat, printable
%% binaries [$<, $<, Text, $>, $>], an improper tail spliced after $|, and
%% the depth cut-offs [$[, "...", $]], "{...}", "#{...}", "<<...>>"
%% (io_lib_deep_pp: over several lines).
main() ->
    Fmt = [{"~p", [[1, "ab", <<"cd">>, <<1, 2>>, <<>>, [], {}, #{}, <<1:3>>, <<"a", 1:3>>]]},
           {"~p", [{a, [$a | b], "a\nb", [300]}]}, {"~tp", [["ж", <<"ж"/utf8>>]]}, {"~lp", [["ab"]]},
           {"~P", [[1, 2, 3, 4], 3]}, {"~P", [{a, b, c}, 2]}, {"~P", [#{a => 1, b => 2}, 2]},
           {"~P", [<<"abcdef">>, 3]}, {"~P", [<<1, 2, 3, 4>>, 3]}, {"~P", ["abcdef", 3]}, {"~P", [[[1, 2]], 2]},
           {"~p", [1.5]}, {"~p", [abc]}, {"~p", [-7]}, {"~p", ["abc"]}, {"~p", [[]]}, {"~p", [<<"ab">>]},
           {"~10p", [[1, 2, 3]]}, {"~0p", [lists:seq(1, 40)]}, {"a~pb", [[a, b]]}, {"~p", [[{1, 2} | 3]]},
           {"~P", [[{1, 2}], 2]}, {"~P", [[#{a => 1}], 2]}, {"~P", [[<<1, 2>>], 2]}, {"~P", [[<<"ab">>], 2]},
           {"~P", [["ab"], 2]}, {"~P", [{1, 2}, 1]}, {"~P", [[1, 2], 1]}, {"~P", [#{a => 1}, 1]},
           {"~P", [<<"ab">>, 1]}, {"~P", [[a | b], 2]}, {"~P", [#{a => [1, 2]}, 3]}, {"~P", [{[1, 2, 3]}, 3]},
           {"~p", [#{a => 1, b => {c, "d"}, [1] => <<"x">>}]}, {"~P", [#{a => 1, b => 2, c => 3}, 3]},
           {"~p", ['A b']}, {"~tp", ['ж']}, {"~p", [[a | {b}]]}, {"~p", [<<"a\nb">>]}, {"~p", [[[], [[]]]]},
           {"~P", [x, 0]}, {"~p", [{'$x', -0.0}]}, {"x~p~p", [1, [2]]},
           {"~P", [<<"abcdefghij">>, 3]}, {"~tP", [<<"жжжжжж"/utf8>>, 3]}, {"~P", [<<"ab", 0, "cdefgh">>, 2]},
           {"~P", [#{a => 1, b => 2}, 3]}, {"~P", [<<1, 2, 3:4>>, 3]}, {"~P", [<<7:4>>, 1]}],
    L = lists:seq(1, 30),
    %% (each result written as it is made: little live data, so the
    %% collect-at-every-allocation test mode stays quick)
    [io:format("~w~n", [io_lib:format(F, A)]) || {F, A} <- Fmt],
    Print = [io_lib:print({a, [1, "x"]}), io_lib:print(<<"b">>), io_lib:print(7), io_lib:print({a, L, "xyz"})],
    io:format("~w~n", [Print]),
    [io_lib:format("~p", [[1, 2]]) =:= [[$[, [[$1], $,, [$2]], $]]], io_lib:format("~p", ["s"]) =:= ["\"s\""]].
