-module(io_lib_deep).
-export([main/0]).
%% io_lib:format/2 and io_lib:write/1,2 return OTP's deep character lists,
%% observable with =:= and printed here with ~w: the format's characters
%% and the small directives' text one character per element, each ~w ~W
%% ~s (of a non-atom) one element holding io_lib:write's nesting or the
%% argument's, with OTP's padding pieces.
main() ->
    Fmt = [{"~b~s", [7, "x"]}, {"ab~wcd", [[1, 2, 3]]}, {"~w", [{a, "b", <<1>>}]}, {"~w", [abc]},
           {"~w", ['A b']}, {"~w", [-42]}, {"~w", [#{a => 1, b => []}]}, {"~w", [1.5]}, {"~w", [[a | b]]},
           {"~w", [[]]}, {"~w", [{}]}, {"~w", [#{}]}, {"~w", [<<>>]}, {"~w", [<<1, 2:3>>]},
           {"~w", [[[[]]]]}, {"~w", [{{1}, [{}]}]}, {"~tw", ['ж']}, {"~w", ['ж']},
           {"~5w", [ab]}, {"~-5w|", [ab]}, {"~10.3w", [abcdef]}, {"~.2w", [abc]}, {"~9.7.*w", [$-, abc]},
           {"~s", [[<<"ab">>, "c", [$d]]]}, {"~s", [<<"bin">>]}, {"~s", [[$a | <<"b">>]]}, {"~s", [atom]},
           {"~5s", ["ab"]}, {"~-5s", ["ab"]}, {"~5.3s", ["abcdef"]}, {"~5.3s", ["a"]}, {"~.3s", ["abcdef"]},
           {"~6.4.-s|", [["a", [$b]]]}, {"~-6.2.xs|", [[$a, [$b], <<"cd">>]]}, {"~13s", ["x"]}, {"~-21s|", ["y"]},
           {"~ts", [<<"héllo"/utf8>>]}, {"~3ts", ["héllo"]}, {"~5ts|", [[$e, 16#301]]}, {"~ts", [[[<<"ж"/utf8>>], "a"]]},
           {"~e~f~g", [1.5, 2.5, 3.5]}, {"~10.2f|", [1.5]}, {"~x~X", [255, "0x", 255, pre]}, {"~c~~~n", [$a]},
           {"~7c", [$a]}, {"~#~+", [255, 255]}, {"~i~w", [skipped, x]},
           {"~W", [[1, 2, 3], 2]}, {"~W", [[1, 2 | c], 3]}, {"~W", [<<1, 2, 3>>, 2]}, {"~W", [#{a => 1, b => 2}, 2]},
           {"~W", [#{a => 1}, 2]}, {"~W", [{1, 2, 3}, 3]}, {"~W", [{1, 2}, 3]}, {"~W", [x, 0]}, {"~W", [[x], 1]},
           {"~8W|", [[1, 2, 3], 2]}, {"~w ~w", [a, "b"]}, {"", []}, {"plain", []}, {<<"bin ~w">>, [1]}, {fmt_atom, []}],
    Out = [io_lib:format(F, A) || {F, A} <- Fmt],
    Writes = [io_lib:write(T) || T <- [[1, {a, b}, "x", <<1, 2>>, #{k => v}], {}, [a | b], 'q q', 1.0e-9,
                                       [[]], #{[1] => {2}}]] ++
             [io_lib:write([1, 2, 3, 4], 3), io_lib:write({a, [b, c], #{d => e}}, 2), io_lib:write(x, 0),
              io_lib:write(<<1, 2, 3:4>>, 3), io_lib:write(<<1, 2, 3:4>>, 5)],
    Eq = [io_lib:format("~b~s", [7, "x"]) =:= [55, "x"], io_lib:format("~w", [a]) =:= ["a"],
          io_lib:format("x~sy", ["z"]) =:= [$x, "z", $y]],
    Big = io_lib:format("~w", [lists:seq(1, 300)]),
    io:format("~w~n", [Out]),
    io:format("~w~n", [Writes]),
    io:format("~w ~w~n", [lists:flatten(Big) =:= lists:flatten(io_lib:format("~w", [lists:seq(1, 300)])),
                          erlang:phash2(Big)]),
    Eq.
