%% lib/gb_sets.erl — OTP 25's gb_sets for Hyperlang: ordered sets as general
%% balanced trees, {Size, Node} with Node = nil | {Key, Smaller, Bigger},
%% kept with the same insertion rebalancing rule as gb_trees. Set operations
%% choose between merging the two ordered lists and probing the bigger tree
%% by the same size test as OTP, and rebuild results the same way, so sets
%% equal OTP's term for term. Written for Hyperlang from the algorithm's
%% description, not copied.
-module(gb_sets).
-export([empty/0, new/0, is_empty/1, size/1, singleton/1, is_element/2,
         is_member/2, insert/2, add/2, add_element/2, balance/1, from_list/1,
         from_ordset/1, del_element/2, delete_any/2, delete/2, take_smallest/1,
         smallest/1, take_largest/1, largest/1, to_list/1, iterator/1,
         iterator_from/2, next/1, union/2, union/1, intersection/2,
         intersection/1, is_disjoint/2, subtract/2, difference/2,
         is_subset/2, is_set/1, filter/2, fold/3]).

empty() -> {0, nil}.

new() -> {0, nil}.

is_empty({0, nil}) -> true;
is_empty(_) -> false.

size({Size, _}) -> Size.

singleton(Key) -> {1, {Key, nil, nil}}.

is_element(Key, Set) -> is_member(Key, Set).

is_member(Key, {_, Node}) -> member_node(Key, Node).

member_node(Key, {K, Smaller, _}) when Key < K -> member_node(Key, Smaller);
member_node(Key, {K, _, Bigger}) when Key > K -> member_node(Key, Bigger);
member_node(_, {_, _, _}) -> true;
member_node(_, nil) -> false.

insert(Key, {Size, Node}) ->
    Size1 = Size + 1,
    {Size1, insert_node(Key, Node, Size1 * Size1)}.

%% As in gb_trees: a leaf reached with budget 0 reports {Node, 2^h, Size}
%% upwards so the first subtree found too deep is rebuilt.
insert_node(Key, {K, Smaller, Bigger}, Budget) when Key < K ->
    case insert_node(Key, Smaller, Budget bsr 1) of
        {Smaller1, H1, S1} when is_integer(H1), is_integer(S1) ->
            rebalance_up({K, Smaller1, Bigger}, H1, S1, Bigger);
        Smaller1 ->
            {K, Smaller1, Bigger}
    end;
insert_node(Key, {K, Smaller, Bigger}, Budget) when Key > K ->
    case insert_node(Key, Bigger, Budget bsr 1) of
        {Bigger1, H1, S1} when is_integer(H1), is_integer(S1) ->
            rebalance_up({K, Smaller, Bigger1}, H1, S1, Smaller);
        Bigger1 ->
            {K, Smaller, Bigger1}
    end;
insert_node(Key, nil, 0) -> {{Key, nil, nil}, 1, 1};
insert_node(Key, nil, _) -> {Key, nil, nil};
insert_node(Key, _, _) -> erlang:error({key_exists, Key}).

rebalance_up(Node, H1, S1, Other) ->
    {H2, S2} = weigh(Other),
    H = erlang:max(H1, H2) bsl 1,
    S = S1 + S2 + 1,
    if H > S * S -> balance_node(Node, S);
       true -> {Node, H, S}
    end.

weigh({_, nil, nil}) -> {1, 1};
weigh({_, Smaller, Bigger}) ->
    {H1, S1} = weigh(Smaller),
    {H2, S2} = weigh(Bigger),
    {erlang:max(H1, H2) bsl 1, S1 + S2 + 1};
weigh(nil) -> {1, 0}.

balance({Size, Node}) ->
    {Size, balance_node(Node, Size)}.

balance_node(Node, Size) -> build(to_list(Node, []), Size).

build(List, Size) ->
    {Node, _} = build_n(List, Size),
    Node.

build_n(List, Size) when Size > 1 ->
    Rest = Size - 1,
    NBig = Rest div 2,
    NSmall = Rest - NBig,
    {Smaller, [K | List1]} = build_n(List, NSmall),
    {Bigger, List2} = build_n(List1, NBig),
    {{K, Smaller, Bigger}, List2};
build_n([K | List], 1) -> {{K, nil, nil}, List};
build_n(List, 0) -> {nil, List}.

%% The same from a list in descending order.
build_rev(List, Size) ->
    {Node, _} = build_rev_n(List, Size),
    Node.

build_rev_n(List, Size) when Size > 1 ->
    Rest = Size - 1,
    NSmall = Rest div 2,
    NBig = Rest - NSmall,
    {Bigger, [K | List1]} = build_rev_n(List, NBig),
    {Smaller, List2} = build_rev_n(List1, NSmall),
    {{K, Smaller, Bigger}, List2};
build_rev_n([K | List], 1) -> {{K, nil, nil}, List};
build_rev_n(List, 0) -> {nil, List}.

add_element(Key, Set) -> add(Key, Set).

add(Key, Set) ->
    case is_member(Key, Set) of
        true -> Set;
        false -> insert(Key, Set)
    end.

from_list(List) -> from_ordset(ordsets:from_list(List)).

from_ordset(List) ->
    Size = erlang:length(List),
    {Size, build(List, Size)}.

del_element(Key, Set) -> delete_any(Key, Set).

delete_any(Key, Set) ->
    case is_member(Key, Set) of
        true -> delete(Key, Set);
        false -> Set
    end.

delete(Key, {Size, Node}) -> {Size - 1, delete_node(Key, Node)}.

delete_node(Key, {K, Smaller, Bigger}) when Key < K ->
    {K, delete_node(Key, Smaller), Bigger};
delete_node(Key, {K, Smaller, Bigger}) when Key > K ->
    {K, Smaller, delete_node(Key, Bigger)};
delete_node(_, {_, Smaller, Bigger}) ->
    join(Smaller, Bigger).

join(Smaller, nil) -> Smaller;
join(nil, Bigger) -> Bigger;
join(Smaller, Bigger) ->
    {K, Bigger1} = take_smallest_node(Bigger),
    {K, Smaller, Bigger1}.

take_smallest({Size, Node}) ->
    {K, Node1} = take_smallest_node(Node),
    {K, {Size - 1, Node1}}.

take_smallest_node({K, nil, Bigger}) -> {K, Bigger};
take_smallest_node({K, Smaller, Bigger}) ->
    {K1, Smaller1} = take_smallest_node(Smaller),
    {K1, {K, Smaller1, Bigger}}.

smallest({_, Node}) -> smallest_node(Node).

smallest_node({K, nil, _}) -> K;
smallest_node({_, Smaller, _}) -> smallest_node(Smaller).

take_largest({Size, Node}) ->
    {K, Node1} = take_largest_node(Node),
    {K, {Size - 1, Node1}}.

take_largest_node({K, Smaller, nil}) -> {K, Smaller};
take_largest_node({K, Smaller, Bigger}) ->
    {K1, Bigger1} = take_largest_node(Bigger),
    {K1, {K, Smaller, Bigger1}}.

largest({_, Node}) -> largest_node(Node).

largest_node({K, _, nil}) -> K;
largest_node({_, _, Bigger}) -> largest_node(Bigger).

to_list({_, Node}) -> to_list(Node, []).

to_list({K, Smaller, Bigger}, Acc) -> to_list(Smaller, [K | to_list(Bigger, Acc)]);
to_list(nil, Acc) -> Acc.

iterator({_, Node}) -> iter_down(Node, []).

iter_down({_, nil, _} = Node, Stack) -> [Node | Stack];
iter_down({_, Smaller, _} = Node, Stack) -> iter_down(Smaller, [Node | Stack]);
iter_down(nil, Stack) -> Stack.

iterator_from(Key, {_, Node}) -> iter_from(Key, Node, []).

iter_from(Key, {K, _, Bigger}, Stack) when K < Key -> iter_from(Key, Bigger, Stack);
iter_from(_, {_, nil, _} = Node, Stack) -> [Node | Stack];
iter_from(Key, {_, Smaller, _} = Node, Stack) -> iter_from(Key, Smaller, [Node | Stack]);
iter_from(_, nil, Stack) -> Stack.

next([{K, _, Bigger} | Stack]) -> {K, iter_down(Bigger, Stack)};
next([]) -> none.

%% Set operations walk the smaller set's ordered list; against the bigger
%% set they either merge its ordered list or probe its tree, whichever the
%% size ratio says is cheaper (|Big| < |Small| * round(1.46 ln |Big|)
%% means merge). Results are rebuilt balanced from the collected list.
merge_is_cheaper(_, N2) when N2 < 10 -> true;
merge_is_cheaper(N1, N2) -> N2 < N1 * erlang:round(1.46 * math:log(N2)).

union({N1, T1}, {N2, T2}) when N2 < N1 ->
    union_by(to_list(T2, []), N2, T1, N1);
union({N1, T1}, {N2, T2}) ->
    union_by(to_list(T1, []), N1, T2, N2).

union_by(L, N1, T2, N2) ->
    case merge_is_cheaper(N1, N2) of
        true -> union_merge(L, to_list(T2, []), [], N1 + N2);
        false -> union_add(L, {N2, T2})
    end.

union_add([X | Xs], Set) -> union_add(Xs, add(X, Set));
union_add([], Set) -> Set.

%% When the right head is smaller the lists swap places, so on equal
%% elements the one kept is from whichever list is currently on the left.
union_merge([X | Xs1], [Y | _] = Ys, Acc, S) when X < Y ->
    union_merge(Xs1, Ys, [X | Acc], S);
union_merge([X | _] = Xs, [Y | Ys1], Acc, S) when X > Y ->
    union_merge(Ys1, Xs, [Y | Acc], S);
union_merge([X | Xs1], [_ | Ys1], Acc, S) ->
    union_merge(Xs1, Ys1, [X | Acc], S - 1);
union_merge([], Ys, Acc, S) ->
    {S, build_rev(lists:reverse(Ys, Acc), S)};
union_merge(Xs, [], Acc, S) ->
    {S, build_rev(lists:reverse(Xs, Acc), S)}.

union([Set | Sets]) -> union_all(Set, Sets);
union([]) -> {0, nil}.

union_all(Acc, [Set | Sets]) -> union_all(union(Acc, Set), Sets);
union_all(Acc, []) -> Acc.

intersection({N1, T1}, {N2, T2}) when N2 < N1 ->
    intersection_by(to_list(T2, []), N2, T1, N1);
intersection({N1, T1}, {N2, T2}) ->
    intersection_by(to_list(T1, []), N1, T2, N2).

intersection_by(L, N1, T2, N2) ->
    case merge_is_cheaper(N1, N2) of
        true -> intersection_merge(L, to_list(T2, []), [], 0);
        false -> intersection_probe(L, T2, [], 0)
    end.

intersection_probe([X | Xs], T, Acc, N) ->
    case member_node(X, T) of
        true -> intersection_probe(Xs, T, [X | Acc], N + 1);
        false -> intersection_probe(Xs, T, Acc, N)
    end;
intersection_probe([], _, Acc, N) -> {N, build_rev(Acc, N)}.

intersection_merge([X | Xs1], [Y | _] = Ys, Acc, S) when X < Y ->
    intersection_merge(Xs1, Ys, Acc, S);
intersection_merge([X | _] = Xs, [Y | Ys1], Acc, S) when X > Y ->
    intersection_merge(Ys1, Xs, Acc, S);
intersection_merge([X | Xs1], [_ | Ys1], Acc, S) ->
    intersection_merge(Xs1, Ys1, [X | Acc], S + 1);
intersection_merge([], _, Acc, S) -> {S, build_rev(Acc, S)};
intersection_merge(_, [], Acc, S) -> {S, build_rev(Acc, S)}.

intersection([Set | Sets]) -> intersection_all(Set, Sets).

intersection_all(Acc, [Set | Sets]) -> intersection_all(intersection(Acc, Set), Sets);
intersection_all(Acc, []) -> Acc.

is_disjoint({N1, T1}, {N2, T2}) when N1 < N2 -> disjoint_nodes(T1, T2);
is_disjoint({_, T1}, {_, T2}) -> disjoint_nodes(T2, T1).

disjoint_nodes({K1, Smaller1, Bigger1}, {K2, Smaller2, _} = T2) when K1 < K2 ->
    not member_node(K1, Smaller2) andalso
        disjoint_nodes(Smaller1, Smaller2) andalso
        disjoint_nodes(Bigger1, T2);
disjoint_nodes({K1, Smaller1, Bigger1}, {K2, _, Bigger2} = T2) when K1 > K2 ->
    not member_node(K1, Bigger2) andalso
        disjoint_nodes(Bigger1, Bigger2) andalso
        disjoint_nodes(Smaller1, T2);
disjoint_nodes({_, _, _}, {_, _, _}) -> false;
disjoint_nodes(nil, _) -> true;
disjoint_nodes(_, nil) -> true.

subtract(S1, S2) -> difference(S1, S2).

difference({N1, T1}, {N2, T2}) ->
    L = to_list(T1, []),
    case merge_is_cheaper(N1, N2) of
        true -> difference_merge(L, to_list(T2, []), [], N1);
        false -> difference_probe(L, T2, [], 0)
    end.

difference_probe([X | Xs], T, Acc, N) ->
    case member_node(X, T) of
        true -> difference_probe(Xs, T, Acc, N);
        false -> difference_probe(Xs, T, [X | Acc], N + 1)
    end;
difference_probe([], _, Acc, N) -> {N, build_rev(Acc, N)}.

difference_merge([X | Xs1], [Y | _] = Ys, Acc, S) when X < Y ->
    difference_merge(Xs1, Ys, [X | Acc], S);
difference_merge([X | _] = Xs, [Y | Ys1], Acc, S) when X > Y ->
    difference_merge(Xs, Ys1, Acc, S);
difference_merge([_ | Xs1], [_ | Ys1], Acc, S) ->
    difference_merge(Xs1, Ys1, Acc, S - 1);
difference_merge([], _, Acc, S) -> {S, build_rev(Acc, S)};
difference_merge(Xs, [], Acc, S) -> {S, build_rev(lists:reverse(Xs, Acc), S)}.

is_subset({N1, T1}, {N2, T2}) ->
    L = to_list(T1, []),
    case merge_is_cheaper(N1, N2) of
        true -> subset_merge(L, to_list(T2, []));
        false -> subset_probe(L, T2)
    end.

subset_probe([X | Xs], T) ->
    case member_node(X, T) of
        true -> subset_probe(Xs, T);
        false -> false
    end;
subset_probe([], _) -> true.

subset_merge([X | _], [Y | _]) when X < Y -> false;
subset_merge([X | _] = Xs, [Y | Ys1]) when X > Y -> subset_merge(Xs, Ys1);
subset_merge([_ | Xs1], [_ | Ys1]) -> subset_merge(Xs1, Ys1);
subset_merge([], _) -> true;
subset_merge(_, []) -> false.

is_set({0, nil}) -> true;
is_set({N, {_, _, _}}) when is_integer(N), N >= 0 -> true;
is_set(_) -> false.

filter(F, Set) when is_function(F, 1) ->
    from_ordset([X || X <- to_list(Set), F(X)]).

fold(F, Acc, {_, Node}) when is_function(F, 2) -> fold_node(F, Acc, Node).

fold_node(F, Acc, {K, Smaller, Bigger}) ->
    fold_node(F, F(K, fold_node(F, Acc, Smaller)), Bigger);
fold_node(_, Acc, _) -> Acc.
