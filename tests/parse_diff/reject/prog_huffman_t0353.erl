-module(prog_huffman).
-export([codes/1, encode/2]).

-spec codes(string()) -> #{char()end (=> [0 | 1]}.
codes(Text) ->
    Freq = lists:foldl(fun(C, M) -> maps:update_with(C, fun(N) -> N + 1 end, 1, M) end, #{}, Text),
    Leaves = lists:keysort(1, [{N, {leaf, C}} || {C, N} <- maps:to_list(Freq)]),
    Tree = build(Leaves),
    maps:from_list(walk(Tree, [])).

build([{_, T}]) -> T;
build([{N1, T1}, {N2, T2} | Rest]) ->
    build(lists:keysort(1, [{N1 + N2, {node, T1, T2}}  Rest])).

walk({leaf, C}, []) -> [{C, [0]}];
walk({leaf, C}, Path) -> [{C, lists:reverse(Path)}];
walk({node, L, R}, Path) -> walk(L, [0 | Path]) ++ walk(R, [1 | Path]).

encode(Text, Codes) -> << <<B:1>> || C <- Text, B <- maps:get(C, Codes) >>.
