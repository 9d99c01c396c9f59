%% ~p over several lines past 8,192 characters: the text and io_lib:format's
%% deep list (its nesting, compared by phash2) are OTP's, as for short texts.
-module(io_p_multiline_big).
-export([main/0]).

nested(0) -> leaf;
nested(I) -> {node, I, [I, I * 2, {x, I}], #{k => I, v => [I | "ab"]}, nested(I - 1)}.

wide(N) -> [{item, I, #{id => I, name => "name", tags => [a, b, I]}} || I <- lists:seq(1, N)].

shape(T) ->
    R = io_lib:format("~p", [T]),
    F = lists:flatten(R),
    {length(R), length(F), erlang:phash2(R), erlang:phash2(F),
     length([C || C <- F, C =:= $\n])}.

main() ->
    io:format("~p~n", [lists:seq(1, 5000)]),
    Shapes = [shape(T) || T <- [lists:seq(1, 5000), nested(150), wide(600),
                                 list_to_tuple(lists:seq(1, 3000)),
                                 maps:from_list([{I, {I, [I]}} || I <- lists:seq(1, 1500)])]],
    [io:format("~p~n", [S]) || S <- Shapes],
    io:format("~p~n", [wide(300)]),
    R = io_lib:format("~80p", [nested(150)]),
    erlang:phash2(R).
