-module(io_big_p_shapes).
-export([main/0]).

%% ~p of terms above the printing builtin's budget (65,536 nodes): the
%% containers are laid out in Erlang, the rest by the C printer.
sum(S) -> {length(S), erlang:phash2(S), lists:sublist(S, 200), lists:nthtail(length(S) - 200, S)}.
p(F, T) -> sum(fl(io_lib:format(F, [T]), [], [])).

%% flattens without deep recursion
fl([H | T], Stack, Acc) when is_list(H) -> fl(H, [T | Stack], Acc);
fl([H | T], Stack, Acc) -> fl(T, Stack, [H | Acc]);
fl([], [T | Stack], Acc) -> fl(T, Stack, Acc);
fl([], [], Acc) -> lists:reverse(Acc).

main() ->
    Seq = lists:seq(1, 33000),
    [p("~p", {tag, Seq, x}),
     p("~p", lists:foldl(fun(I, A) -> [I | A] end, improper_tail, Seq)),
     p("x = ~p", [{key, lists:duplicate(66000, $b)}, ok])].
