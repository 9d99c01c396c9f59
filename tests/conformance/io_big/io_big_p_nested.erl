-module(io_big_p_nested).
-export([main/0]).

%% ~p above the printing builtin's budget: nested big lists, tagged
%% tuples that choose their indentation, maps, a column and ~tp.
sum(S) -> {length(S), erlang:phash2(S), lists:sublist(S, 200), lists:nthtail(length(S) - 200, S)}.
p(F, T) -> sum(fl(io_lib:format(F, [T]), [], [])).

%% flattens without deep recursion
fl([H | T], Stack, Acc) when is_list(H) -> fl(H, [T | Stack], Acc);
fl([H | T], Stack, Acc) -> fl(T, Stack, [H | Acc]);
fl([], [T | Stack], Acc) -> fl(T, Stack, Acc);
fl([], [], Acc) -> lists:reverse(Acc).

main() ->
    [p("~p", [{I, [I, I + 1], <<"bin">>, atom} || I <- lists:seq(1, 5600)]),
     p("~50p", {a_very_long_tag_name_here_to_force_indentation, [{k, I} || I <- lists:seq(1, 8000)]}),
     p("~tp", [#{I => "ж"} || I <- lists:seq(1, 5000)])].
