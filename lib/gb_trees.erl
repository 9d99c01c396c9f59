%% lib/gb_trees.erl — OTP 25's gb_trees for Hyperlang: Andersson's general
%% balanced trees. A tree is {Size, Node}, Node = nil | {Key, Value, Smaller,
%% Bigger}; an insertion that makes the path too deep (2^h > size^2) rebuilds
%% that subtree perfectly balanced. The same rule and the same rebuild split
%% as OTP, so trees are identical to OTP's (=:= and printing agree). Written
%% for Hyperlang from the algorithm's description, not copied.
-module(gb_trees).
-export([empty/0, is_empty/1, size/1, lookup/2, get/2, insert/3, update/3,
         enter/3, delete/2, delete_any/2, balance/1, is_defined/2, keys/1,
         values/1, to_list/1, from_orddict/1, smallest/1, largest/1, take/2,
         take_any/2, take_smallest/1, take_largest/1, iterator/1,
         iterator_from/2, next/1, map/2]).

empty() -> {0, nil}.

is_empty({0, nil}) -> true;
is_empty(_) -> false.

size({Size, _}) when is_integer(Size), Size >= 0 -> Size.

lookup(Key, {_, Node}) -> lookup_node(Key, Node).

lookup_node(Key, {K, _, Smaller, _}) when Key < K -> lookup_node(Key, Smaller);
lookup_node(Key, {K, _, _, Bigger}) when Key > K -> lookup_node(Key, Bigger);
lookup_node(_, {_, V, _, _}) -> {value, V};
lookup_node(_, nil) -> none.

is_defined(Key, {_, Node}) -> defined_node(Key, Node).

defined_node(Key, {K, _, Smaller, _}) when Key < K -> defined_node(Key, Smaller);
defined_node(Key, {K, _, _, Bigger}) when Key > K -> defined_node(Key, Bigger);
defined_node(_, {_, _, _, _}) -> true;
defined_node(_, nil) -> false.

get(Key, {_, Node}) -> get_node(Key, Node).

get_node(Key, {K, _, Smaller, _}) when Key < K -> get_node(Key, Smaller);
get_node(Key, {K, _, _, Bigger}) when Key > K -> get_node(Key, Bigger);
get_node(_, {_, V, _, _}) -> V.

update(Key, Value, {Size, Node}) -> {Size, update_node(Key, Value, Node)}.

update_node(Key, Value, {K, V, Smaller, Bigger}) when Key < K ->
    {K, V, update_node(Key, Value, Smaller), Bigger};
update_node(Key, Value, {K, V, Smaller, Bigger}) when Key > K ->
    {K, V, Smaller, update_node(Key, Value, Bigger)};
update_node(Key, Value, {_, _, Smaller, Bigger}) ->
    {Key, Value, Smaller, Bigger}.

insert(Key, Value, {Size, Node}) when is_integer(Size) ->
    Size1 = Size + 1,
    {Size1, insert_node(Key, Value, Node, Size1 * Size1)}.

%% Budget halves at each level; reaching a leaf with budget 0 means the
%% path is too deep, and the caller gets {Node, 2^height, Size} back to
%% decide, level by level, where to rebuild.
insert_node(Key, Value, {K, V, Smaller, Bigger}, Budget) when Key < K ->
    case insert_node(Key, Value, Smaller, Budget bsr 1) of
        {Smaller1, H1, S1} when is_integer(H1), is_integer(S1) ->
            rebalance_up({K, V, Smaller1, Bigger}, H1, S1, Bigger);
        Smaller1 ->
            {K, V, Smaller1, Bigger}
    end;
insert_node(Key, Value, {K, V, Smaller, Bigger}, Budget) when Key > K ->
    case insert_node(Key, Value, Bigger, Budget bsr 1) of
        {Bigger1, H1, S1} when is_integer(H1), is_integer(S1) ->
            rebalance_up({K, V, Smaller, Bigger1}, H1, S1, Smaller);
        Bigger1 ->
            {K, V, Smaller, Bigger1}
    end;
insert_node(Key, Value, nil, 0) -> {{Key, Value, nil, nil}, 1, 1};
insert_node(Key, Value, nil, _) -> {Key, Value, nil, nil};
insert_node(Key, _, _, _) -> erlang:error({key_exists, Key}).

rebalance_up(Node, H1, S1, Other) ->
    {H2, S2} = weigh(Other),
    H = erlang:max(H1, H2) bsl 1,
    S = S1 + S2 + 1,
    if H > S * S -> balance_node(Node, S);
       true -> {Node, H, S}
    end.

%% {2^height, size} of a subtree.
weigh({_, _, nil, nil}) -> {1, 1};
weigh({_, _, Smaller, Bigger}) ->
    {H1, S1} = weigh(Smaller),
    {H2, S2} = weigh(Bigger),
    {erlang:max(H1, H2) bsl 1, S1 + S2 + 1};
weigh(nil) -> {1, 0}.

enter(Key, Value, Tree) ->
    case is_defined(Key, Tree) of
        true -> update(Key, Value, Tree);
        false -> insert(Key, Value, Tree)
    end.

balance({Size, Node}) ->
    {Size, balance_node(Node, Size)}.

balance_node(Node, Size) -> build(to_list(Node, []), Size).

build(List, Size) ->
    {Node, []} = build_n(List, Size),
    Node.

%% The first Size pairs of List as a perfectly balanced tree (the larger
%% half on the smaller side), and the pairs left over.
build_n(List, Size) when Size > 1 ->
    Rest = Size - 1,
    NBig = Rest div 2,
    NSmall = Rest - NBig,
    {Smaller, [{K, V} | List1]} = build_n(List, NSmall),
    {Bigger, List2} = build_n(List1, NBig),
    {{K, V, Smaller, Bigger}, List2};
build_n([{K, V} | List], 1) -> {{K, V, nil, nil}, List};
build_n(List, 0) -> {nil, List}.

from_orddict(List) ->
    Size = erlang:length(List),
    {Size, build(List, Size)}.

delete_any(Key, Tree) ->
    case is_defined(Key, Tree) of
        true -> delete(Key, Tree);
        false -> Tree
    end.

delete(Key, {Size, Node}) when is_integer(Size), Size >= 0 ->
    {Size - 1, delete_node(Key, Node)}.

delete_node(Key, {K, V, Smaller, Bigger}) when Key < K ->
    {K, V, delete_node(Key, Smaller), Bigger};
delete_node(Key, {K, V, Smaller, Bigger}) when Key > K ->
    {K, V, Smaller, delete_node(Key, Bigger)};
delete_node(_, {_, _, Smaller, Bigger}) ->
    join(Smaller, Bigger).

join(Smaller, nil) -> Smaller;
join(nil, Bigger) -> Bigger;
join(Smaller, Bigger) ->
    {K, V, Bigger1} = take_smallest_node(Bigger),
    {K, V, Smaller, Bigger1}.

take_any(Key, Tree) ->
    case is_defined(Key, Tree) of
        true -> take(Key, Tree);
        false -> error
    end.

take(Key, {Size, Node}) when is_integer(Size), Size >= 0 ->
    {Value, Node1} = take_node(Key, Node),
    {Value, {Size - 1, Node1}}.

take_node(Key, {K, V, Smaller, Bigger}) when Key < K ->
    {Value, Smaller1} = take_node(Key, Smaller),
    {Value, {K, V, Smaller1, Bigger}};
take_node(Key, {K, V, Smaller, Bigger}) when Key > K ->
    {Value, Bigger1} = take_node(Key, Bigger),
    {Value, {K, V, Smaller, Bigger1}};
take_node(_, {_, V, Smaller, Bigger}) ->
    {V, join(Smaller, Bigger)}.

take_smallest({Size, Node}) when is_integer(Size), Size >= 0 ->
    {K, V, Node1} = take_smallest_node(Node),
    {K, V, {Size - 1, Node1}}.

take_smallest_node({K, V, nil, Bigger}) -> {K, V, Bigger};
take_smallest_node({K, V, Smaller, Bigger}) ->
    {K1, V1, Smaller1} = take_smallest_node(Smaller),
    {K1, V1, {K, V, Smaller1, Bigger}}.

smallest({_, Node}) -> smallest_node(Node).

smallest_node({K, V, nil, _}) -> {K, V};
smallest_node({_, _, Smaller, _}) -> smallest_node(Smaller).

take_largest({Size, Node}) when is_integer(Size), Size >= 0 ->
    {K, V, Node1} = take_largest_node(Node),
    {K, V, {Size - 1, Node1}}.

take_largest_node({K, V, Smaller, nil}) -> {K, V, Smaller};
take_largest_node({K, V, Smaller, Bigger}) ->
    {K1, V1, Bigger1} = take_largest_node(Bigger),
    {K1, V1, {K, V, Smaller, Bigger1}}.

largest({_, Node}) -> largest_node(Node).

largest_node({K, V, _, nil}) -> {K, V};
largest_node({_, _, _, Bigger}) -> largest_node(Bigger).

to_list({_, Node}) -> to_list(Node, []).

to_list({K, V, Smaller, Bigger}, Acc) ->
    to_list(Smaller, [{K, V} | to_list(Bigger, Acc)]);
to_list(nil, Acc) -> Acc.

keys({_, Node}) -> keys(Node, []).

keys({K, _, Smaller, Bigger}, Acc) -> keys(Smaller, [K | keys(Bigger, Acc)]);
keys(nil, Acc) -> Acc.

values({_, Node}) -> values(Node, []).

values({_, V, Smaller, Bigger}, Acc) -> values(Smaller, [V | values(Bigger, Acc)]);
values(nil, Acc) -> Acc.

%% An iterator is the stack of nodes an in-order walk still has to visit.
iterator({_, Node}) -> iter_down(Node, []).

iter_down({_, _, nil, _} = Node, Stack) -> [Node | Stack];
iter_down({_, _, Smaller, _} = Node, Stack) -> iter_down(Smaller, [Node | Stack]);
iter_down(nil, Stack) -> Stack.

iterator_from(Key, {_, Node}) -> iter_from(Key, Node, []).

iter_from(Key, {K, _, _, Bigger}, Stack) when K < Key -> iter_from(Key, Bigger, Stack);
iter_from(_, {_, _, nil, _} = Node, Stack) -> [Node | Stack];
iter_from(Key, {_, _, Smaller, _} = Node, Stack) -> iter_from(Key, Smaller, [Node | Stack]);
iter_from(_, nil, Stack) -> Stack.

next([{K, V, _, Bigger} | Stack]) -> {K, V, iter_down(Bigger, Stack)};
next([]) -> none.

map(F, {Size, Node}) when is_function(F, 2) -> {Size, map_node(F, Node)}.

map_node(_, nil) -> nil;
map_node(F, {K, V, Smaller, Bigger}) ->
    {K, F(K, V), map_node(F, Smaller), map_node(F, Bigger)}.
