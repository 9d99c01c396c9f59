-module(io_lib_deep_pp).
-export([main/0]).
%% ~p, ~P and io_lib:print/1 laid out over several lines return
%% io_lib_pretty's nesting: io_lib:write's one-line nesting with [$,, $\n,
%% Ind, Elem] at each break, Ind nested as io_lib_pretty's indentation
%% (lists, tuples, tagged tuples, maps, pairs broken after " =>", binaries
%% broken between bytes).
main() ->
    L = lists:seq(1, 30),
    Lines = [{"~p", [L]}, {"abc ~p", [L]}, {"~p", [{tag, L}]}, {"~p", [{a_very_long_tag_name, L, [x]}]},
             {"~p", [{L, L}]}, {"~p", [#{a => L, b => 1}]}, {"~p", [#{key => {tag, L}, other => [L, L]}]},
             {"~p", [[L, L, {x, L}]]}, {"~40p", [L]},
             {"~40p", [{tag, [aaa, bbbbbbbbbbb, ccccccccccccccc, dddddddddddddd, eeeeeeeee]}]},
             {"~p", [[{I, atom_name, "string value", <<"bin">>} || I <- lists:seq(1, 8)]]},
             {"~P", [[L, L, L], 5]}, {"~P", [{tag, L, L}, 8]}, {"~p", [[a | L] ++ [b]]},
             {"~p", [lists:seq(1, 30) ++ improper_tail_here]},
             {"~p", [#{lists:seq(1, 25) => lists:seq(1, 25)}]}, {"~p", [{{nested, {deeper, {deepest, L}}}}]},
             {"~tp", [{"ж", L}]},
             {"~p", [[<<"a long binary that goes on and on and on">>, <<"another binary string value here">>]]},
             {"~p", [{ok, #{name => "a name", list => L, map => #{a => 1, b => {c, d}}}}]}, {"~p", [[[[[L]]]]]},
             {"~lp", [["abc", L]]}, {"~10p", [{a, b, [c, d], "e"}]}, {"~p", [lists:duplicate(20, {aaaa, bbbb})]},
             {"~p", [[#{}, {}, [], <<>>, L]]}, {"x~n  ~p~n", [{L}]},
             {"~30p", [[<<9, 169, 6:4>>, list_to_binary(L), <<1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17>>]]},
             {"~40p", [{tag, <<"a long printable binary that cannot fit on the line">>}]}],
    %% (each result written as it is made: little live data, so the
    %% collect-at-every-allocation test mode stays quick)
    [io:format("~w~n", [io_lib:format(F, A)]) || {F, A} <- Lines],
    io:format("~w~n", [io_lib:print({a, L, "xyz"})]),
    S = io_lib:format("~p", [L]),
    {lists:flatten(S) =:= lists:flatten(io_lib:format("~p", [lists:seq(1, 30)])), length(S)}.
