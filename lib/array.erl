%% lib/array.erl — OTP 25's array for Hyperlang: a functional, extendible
%% array as a record {array, Size, Max, Default, Elements}. Elements is a
%% tree of base 10: a leaf is a 10-tuple of values, an inner node an
%% 11-tuple of ten subtrees plus the number of entries each subtree spans,
%% and a subtree never written is just that number (unexpanded). Trees are
%% grown, expanded and built by from_list/from_orddict exactly as OTP does,
%% so arrays equal OTP's term for term. Written for Hyperlang from the
%% algorithm's description, not copied.
-module(array).
-export([new/0, new/1, new/2, is_array/1, size/1, default/1, fix/1, is_fix/1,
         relax/1, resize/1, resize/2, set/3, get/2, reset/2, to_list/1,
         sparse_to_list/1, from_list/1, from_list/2, to_orddict/1,
         sparse_to_orddict/1, from_orddict/1, from_orddict/2, map/2,
         sparse_map/2, foldl/3, foldr/3, sparse_foldl/3, sparse_foldr/3,
         sparse_size/1]).

-record(array, {size :: non_neg_integer(),   % entries defined
                max :: non_neg_integer(),    % entries the tree spans; 0 when fixed
                default,                     % value of entries never set
                elements}).                  % the tree

%% Leaves hold 10 entries; an inner node spans 10 subtrees.
new_leaf(D) -> erlang:make_tuple(10, D).

%% An inner node of unexpanded subtrees of S entries each.
new_node(S) -> erlang:make_tuple(11, S).

new() -> new([]).

new(Options) -> parse_options(Options, 0, false).

new(Size, Options) when is_integer(Size), Size >= 0 -> parse_options(Options, Size, true);
new(_, _) -> erlang:error(badarg).

parse_options(Options, Size, Fixed) when is_list(Options) -> options(Options, Size, Fixed, undefined);
parse_options(Option, Size, Fixed) -> options([Option], Size, Fixed, undefined).

options([fixed | Os], Size, _, D) -> options(Os, Size, true, D);
options([{fixed, Fixed} | Os], Size, _, D) when is_boolean(Fixed) -> options(Os, Size, Fixed, D);
options([{default, D} | Os], Size, Fixed, _) -> options(Os, Size, Fixed, D);
options([{size, Size} | Os], _, _, D) when is_integer(Size), Size >= 0 -> options(Os, Size, true, D);
options([Size | Os], _, _, D) when is_integer(Size), Size >= 0 -> options(Os, Size, true, D);
options([], Size, Fixed, D) -> make(Size, Fixed, D);
options(_, _, _, _) -> erlang:error(badarg).

make(Size, Fixed, D) ->
    Span = span_for(Size - 1, 10),
    Max = if Fixed -> 0;
             true -> Span
          end,
    #array{size = Size, max = Max, default = D, elements = Span}.

%% The smallest 10^k * 10 span holding index I.
span_for(I, M) when I >= M -> span_for(I, M * 10);
span_for(_, M) -> M.

is_array(#array{size = Size, max = Max}) when is_integer(Size), is_integer(Max) -> true;
is_array(_) -> false.

size(#array{size = N}) -> N;
size(_) -> erlang:error(badarg).

default(#array{default = D}) -> D;
default(_) -> erlang:error(badarg).

fix(#array{} = A) -> A#array{max = 0}.

is_fix(#array{max = 0}) -> true;
is_fix(#array{}) -> false.

relax(#array{size = N} = A) -> A#array{max = span_for(N - 1, 10)}.

resize(Size, #array{size = N, max = M, elements = E} = A) when is_integer(Size), Size >= 0 ->
    if Size > N ->
            {E1, M1} = grow(Size - 1, E, if M > 0 -> M;
                                            true -> span_for(N - 1, 10)
                                         end),
            A#array{size = Size, max = if M > 0 -> M1;
                                          true -> M
                                       end,
                    elements = E1};
       Size < N ->
            A#array{size = Size};
       true ->
            A
    end;
resize(_, _) -> erlang:error(badarg).

resize(A) -> resize(sparse_size(A), A).

set(I, V, #array{size = N, max = M, default = D, elements = E} = A) when is_integer(I), I >= 0 ->
    if I < N -> A#array{elements = set_in(I, E, V, D)};
       I < M -> A#array{size = I + 1, elements = set_in(I, E, V, D)};
       M > 0 ->
            {E1, M1} = grow(I, E, M),
            A#array{size = I + 1, max = M1, elements = set_in(I, E1, V, D)};
       true -> erlang:error(badarg)
    end;
set(_, _, _) -> erlang:error(badarg).

set_in(I, {_, _, _, _, _, _, _, _, _, _, S} = Node, V, D) ->
    K = I div S + 1,
    erlang:setelement(K, Node, set_in(I rem S, erlang:element(K, Node), V, D));
set_in(I, Span, V, D) when is_integer(Span) -> expand(I, Span, V, D);
set_in(I, Leaf, V, _) -> erlang:setelement(I + 1, Leaf, V).

%% Room for index I: while the tree spans too little, it becomes the first
%% child of a new root.
grow(I, Span, _) when is_integer(Span) ->
    M = span_for(I, Span),
    {M, M};
grow(I, E, M) when I >= M -> grow(I, erlang:setelement(1, new_node(M), E), M * 10);
grow(_, E, M) -> {E, M}.

%% Writing into an unexpanded subtree of Span entries builds just the path.
expand(I, Span, V, D) when Span > 10 ->
    S = Span div 10,
    erlang:setelement(I div S + 1, new_node(S), expand(I rem S, S, V, D));
expand(I, _, V, D) -> erlang:setelement(I + 1, new_leaf(D), V).

get(I, #array{size = N, max = M, elements = E, default = D}) when is_integer(I), I >= 0 ->
    if I < N -> get_in(I, E, D);
       M > 0 -> D;
       true -> erlang:error(badarg)
    end;
get(_, _) -> erlang:error(badarg).

get_in(I, {_, _, _, _, _, _, _, _, _, _, S} = Node, D) ->
    get_in(I rem S, erlang:element(I div S + 1, Node), D);
get_in(_, Span, D) when is_integer(Span) -> D;
get_in(I, Leaf, _) -> erlang:element(I + 1, Leaf).

reset(I, #array{size = N, max = M, default = D, elements = E} = A) when is_integer(I), I >= 0 ->
    if I < N ->
            try A#array{elements = reset_in(I, E, D)}
            catch throw:already_default -> A
            end;
       M > 0 -> A;
       true -> erlang:error(badarg)
    end;
reset(_, _) -> erlang:error(badarg).

reset_in(I, {_, _, _, _, _, _, _, _, _, _, S} = Node, D) ->
    K = I div S + 1,
    erlang:setelement(K, Node, reset_in(I rem S, erlang:element(K, Node), D));
reset_in(_, Span, _) when is_integer(Span) -> throw(already_default);
reset_in(I, Leaf, D) ->
    case erlang:element(I + 1, Leaf) of
        D -> throw(already_default);
        _ -> erlang:setelement(I + 1, Leaf, D)
    end.

to_list(#array{size = 0}) -> [];
to_list(#array{} = A) -> foldr(fun(_, V, L) -> [V | L] end, [], A);
to_list(_) -> erlang:error(badarg).

sparse_to_list(#array{size = 0}) -> [];
sparse_to_list(#array{} = A) -> sparse_foldr(fun(_, V, L) -> [V | L] end, [], A);
sparse_to_list(_) -> erlang:error(badarg).

to_orddict(#array{size = 0}) -> [];
to_orddict(#array{} = A) -> foldr(fun(I, V, L) -> [{I, V} | L] end, [], A);
to_orddict(_) -> erlang:error(badarg).

sparse_to_orddict(#array{size = 0}) -> [];
sparse_to_orddict(#array{} = A) -> sparse_foldr(fun(I, V, L) -> [{I, V} | L] end, [], A);
sparse_to_orddict(_) -> erlang:error(badarg).

%% Folds visit indices 0..Size-1 (the sparse ones skip entries =:= the
%% default, and never enter unexpanded subtrees).
foldl(F, Acc, #array{size = N, elements = E, default = D}) when is_function(F, 3) ->
    fold_l(E, 0, N, F, Acc, D, false);
foldl(_, _, _) -> erlang:error(badarg).

sparse_foldl(F, Acc, #array{size = N, elements = E, default = D}) when is_function(F, 3) ->
    fold_l(E, 0, N, F, Acc, D, true);
sparse_foldl(_, _, _) -> erlang:error(badarg).

foldr(F, Acc, #array{size = N, elements = E, default = D}) when is_function(F, 3) ->
    fold_r(E, 0, N, F, Acc, D, false);
foldr(_, _, _) -> erlang:error(badarg).

sparse_foldr(F, Acc, #array{size = N, elements = E, default = D}) when is_function(F, 3) ->
    fold_r(E, 0, N, F, Acc, D, true);
sparse_foldr(_, _, _) -> erlang:error(badarg).

%% fold_l(Tree, Base, N, ...): the subtree holds indices from Base; only
%% indices below N are visited.
fold_l({_, _, _, _, _, _, _, _, _, _, S} = Node, Base, N, F, Acc, D, Sparse) ->
    fold_l_children(1, Node, S, Base, N, F, Acc, D, Sparse);
fold_l(Span, _, _, _, Acc, _, true) when is_integer(Span) -> Acc;
fold_l(Span, Base, N, F, Acc, D, false) when is_integer(Span) ->
    fold_l_default(Base, erlang:min(Base + Span, N), F, Acc, D);
fold_l(Leaf, Base, N, F, Acc, D, Sparse) ->
    fold_l_leaf(1, Leaf, Base, erlang:min(10, N - Base), F, Acc, D, Sparse).

fold_l_children(K, Node, S, Base, N, F, Acc, D, Sparse) when K =< 10, Base < N ->
    Acc1 = fold_l(erlang:element(K, Node), Base, N, F, Acc, D, Sparse),
    fold_l_children(K + 1, Node, S, Base + S, N, F, Acc1, D, Sparse);
fold_l_children(_, _, _, _, _, _, Acc, _, _) -> Acc.

fold_l_default(I, End, F, Acc, D) when I < End -> fold_l_default(I + 1, End, F, F(I, D, Acc), D);
fold_l_default(_, _, _, Acc, _) -> Acc.

fold_l_leaf(K, Leaf, Base, Count, F, Acc, D, Sparse) when K =< Count ->
    V = erlang:element(K, Leaf),
    Acc1 = if Sparse andalso V =:= D -> Acc;
              true -> F(Base + K - 1, V, Acc)
           end,
    fold_l_leaf(K + 1, Leaf, Base, Count, F, Acc1, D, Sparse);
fold_l_leaf(_, _, _, _, _, Acc, _, _) -> Acc.

fold_r({_, _, _, _, _, _, _, _, _, _, S} = Node, Base, N, F, Acc, D, Sparse) ->
    Last = erlang:min(10, (N - Base - 1) div S + 1),
    fold_r_children(Last, Node, S, Base, N, F, Acc, D, Sparse);
fold_r(Span, _, _, _, Acc, _, true) when is_integer(Span) -> Acc;
fold_r(Span, Base, N, F, Acc, D, false) when is_integer(Span) ->
    fold_r_default(erlang:min(Base + Span, N) - 1, Base, F, Acc, D);
fold_r(Leaf, Base, N, F, Acc, D, Sparse) ->
    fold_r_leaf(erlang:min(10, N - Base), Leaf, Base, F, Acc, D, Sparse).

fold_r_children(K, Node, S, Base, N, F, Acc, D, Sparse) when K >= 1 ->
    Acc1 = fold_r(erlang:element(K, Node), Base + (K - 1) * S, N, F, Acc, D, Sparse),
    fold_r_children(K - 1, Node, S, Base, N, F, Acc1, D, Sparse);
fold_r_children(_, _, _, _, _, _, Acc, _, _) -> Acc.

fold_r_default(I, Base, F, Acc, D) when I >= Base -> fold_r_default(I - 1, Base, F, F(I, D, Acc), D);
fold_r_default(_, _, _, Acc, _) -> Acc.

fold_r_leaf(K, Leaf, Base, F, Acc, D, Sparse) when K >= 1 ->
    V = erlang:element(K, Leaf),
    Acc1 = if Sparse andalso V =:= D -> Acc;
              true -> F(Base + K - 1, V, Acc)
           end,
    fold_r_leaf(K - 1, Leaf, Base, F, Acc1, D, Sparse);
fold_r_leaf(_, _, _, _, Acc, _, _) -> Acc.

sparse_size(A) ->
    try sparse_foldr(fun(I, _, _) -> throw({last_index, I}) end, [], A) of
        [] -> 0
    catch
        throw:{last_index, I} -> I + 1
    end.

%% map keeps the tree's shape: subtrees up to the last index are mapped
%% (unexpanded ones are expanded, filled with the default), later subtrees
%% are kept, and leaf slots past the last index are reset to the default.
map(F, #array{size = N, elements = E, default = D} = A) when is_function(F, 2) ->
    if N > 0 -> A#array{elements = map_tree(N - 1, E, 0, F, D)};
       true -> A
    end;
map(_, _) -> erlang:error(badarg).

map_tree(Last, {_, _, _, _, _, _, _, _, _, _, S} = Node, Base, F, D) ->
    map_children(1, Node, S, Last div S + 1, Last rem S, Base, F, D, false, []);
map_tree(Last, Span, Base, F, D) when is_integer(Span) ->
    map_tree(Last, unexpanded(Span, D), Base, F, D);
map_tree(Last, Leaf, Base, F, D) ->
    erlang:list_to_tuple(map_leaf(1, Leaf, Base, Last + 1, F, D, false)).

%% Children 1..LastChild are mapped (the last one up to LastRem), the rest
%% copied; the node keeps its span S.
map_children(K, Node, S, LastChild, LastRem, Base, F, D, Sparse, Acc) when K < LastChild ->
    C = map_sub(S - 1, erlang:element(K, Node), Base, F, D, Sparse),
    map_children(K + 1, Node, S, LastChild, LastRem, Base + S, F, D, Sparse, [C | Acc]);
map_children(K, Node, S, K, LastRem, Base, F, D, Sparse, Acc) ->
    C = map_sub(LastRem, erlang:element(K, Node), Base, F, D, Sparse),
    copy_children(K + 1, Node, [C | Acc]).

map_sub(Last, E, Base, F, D, false) -> map_tree(Last, E, Base, F, D);
map_sub(Last, E, Base, F, D, true) -> sparse_map_tree(Last, E, Base, F, D).

copy_children(K, Node, Acc) when K =< 11 -> copy_children(K + 1, Node, [erlang:element(K, Node) | Acc]);
copy_children(_, _, Acc) -> erlang:list_to_tuple(lists:reverse(Acc)).

map_leaf(K, Leaf, Ix, Count, F, D, Sparse) when K =< 10 ->
    V = erlang:element(K, Leaf),
    V1 = if Sparse -> case V of
                          D -> D;
                          _ -> F(Ix, V)
                      end;
            K =< Count -> F(Ix, V);
            true -> D
         end,
    [V1 | map_leaf(K + 1, Leaf, Ix + 1, Count, F, D, Sparse)];
map_leaf(_, _, _, _, _, _, _) -> [].

unexpanded(Span, _) when Span > 10 -> new_node(Span div 10);
unexpanded(_, D) -> new_leaf(D).

%% sparse_map leaves unexpanded subtrees alone and maps every leaf slot
%% that is not the default, past the last index too (as OTP does).
sparse_map(F, #array{size = N, elements = E, default = D} = A) when is_function(F, 2) ->
    if N > 0 -> A#array{elements = sparse_map_tree(N - 1, E, 0, F, D)};
       true -> A
    end;
sparse_map(_, _) -> erlang:error(badarg).

sparse_map_tree(Last, {_, _, _, _, _, _, _, _, _, _, S} = Node, Base, F, D) ->
    map_children(1, Node, S, Last div S + 1, Last rem S, Base, F, D, true, []);
sparse_map_tree(_, Span, _, _, _) when is_integer(Span) -> Span;
sparse_map_tree(_, Leaf, Base, F, D) ->
    erlang:list_to_tuple(map_leaf(1, Leaf, Base, 10, F, D, true)).

from_list(List) -> from_list(List, undefined).

from_list([], D) -> new({default, D});
from_list(List, D) when is_list(List) ->
    {E, N, M} = leaves_of(List, D, 0, []),
    #array{size = N, max = M, default = D, elements = E};
from_list(_, _) -> erlang:error(badarg).

%% Cut the list into leaves of 10 (the last padded with the default).
leaves_of(List, D, N0, Leaves) ->
    {Leaf, Rest, N} = take_leaf(10, List, D, N0, []),
    case Rest of
        [] when Leaves =:= [] -> {Leaf, N, 10};
        [] -> build_up(lists:reverse([Leaf | Leaves]), 10, N);
        [_ | _] -> leaves_of(Rest, D, N, [Leaf | Leaves]);
        _ -> erlang:error(badarg)
    end.

take_leaf(0, Rest, _, N, Acc) -> {erlang:list_to_tuple(lists:reverse(Acc)), Rest, N};
take_leaf(K, [X | Rest], D, N, Acc) -> take_leaf(K - 1, Rest, D, N + 1, [X | Acc]);
take_leaf(K, Rest, D, N, Acc) -> take_leaf(K - 1, Rest, D, N, [D | Acc]).

%% Group subtrees of span S (in index order) ten to a node, the last node
%% padded with unexpanded subtrees, until one root remains.
build_up(Subtrees, S, N) ->
    case group(Subtrees, S) of
        [Root] -> {Root, N, S * 10};
        Nodes -> build_up(Nodes, S * 10, N)
    end.

group([], _) -> [];
group(Subtrees, S) ->
    {Ten, Rest} = take_ten(10, Subtrees, S, []),
    [erlang:list_to_tuple(Ten ++ [S]) | group(Rest, S)].

take_ten(0, Rest, _, Acc) -> {lists:reverse(Acc), Rest};
take_ten(K, [T | Rest], S, Acc) -> take_ten(K - 1, Rest, S, [T | Acc]);
take_ten(K, [], S, Acc) -> take_ten(K - 1, [], S, [S | Acc]).

from_orddict(Pairs) -> from_orddict(Pairs, undefined).

from_orddict([], D) -> new({default, D});
from_orddict(Pairs, D) when is_list(Pairs) ->
    {E, N, M} = orddict_leaves(Pairs, 0, 10, D, []),
    #array{size = N, max = M, default = D, elements = E};
from_orddict(_, _) -> erlang:error(badarg).

%% First pass: leaves where entries are, and gaps of whole leaves as
%% counts of entries; Parts is built backwards (highest index first).
orddict_leaves([], N, _, _, Parts) ->
    case Parts of
        [Leaf] -> {Leaf, N, 10};
        _ -> collect(N, Parts, 10)
    end;
orddict_leaves([{I, _} | _] = Pairs, Ix, Max, D, Parts) when I > Max, is_integer(I) ->
    Gap = I - Ix,
    Step = Gap - Gap rem 10,
    orddict_leaves(Pairs, Ix + Step, Ix + Step + 10, D, [Step | Parts]);
orddict_leaves([{_, _} | _] = Pairs, Ix, Max, D, Parts) ->
    {Rest, Leaf, N} = orddict_leaf(Ix, Max, Pairs, Ix, D, []),
    orddict_leaves(Rest, N, N + 10, D, [Leaf | Parts]);
orddict_leaves(Pairs, _, _, _, _) -> erlang:error({badarg, Pairs}).

%% One leaf for indices Ix..Max-1; N ends one past the last index filled
%% while entries remain.
orddict_leaf(Max, Max, Pairs, N, _, Acc) -> {Pairs, erlang:list_to_tuple(lists:reverse(Acc)), N};
orddict_leaf(Ix, Max, Pairs, N0, D, Acc) ->
    case Pairs of
        [{Ix, V} | Rest] -> orddict_leaf(Ix + 1, Max, Rest, Ix + 1, D, [V | Acc]);
        [{I, _} | _] when is_integer(I), I > Ix -> orddict_leaf(Ix + 1, Max, Pairs, Ix + 1, D, [D | Acc]);
        [_ | _] -> erlang:error({badarg, Pairs});
        _ -> orddict_leaf(Ix + 1, Max, Pairs, N0, D, [D | Acc])
    end.

%% Second pass, level by level: Parts (highest first) are subtrees of span
%% S and gaps counted in entries; ten slots make a node. A gap fills the
%% node's free slots with unexpanded subtrees; what a fresh node cannot
%% hold of it passes up as a gap of the next level.
collect(N, Parts, S) ->
    Children = (N - 1) div S + 1,
    case (10 - Children rem 10) rem 10 * S of
        0 -> collect(10, Parts, S, N, [S], []);
        Pad -> collect(10, [Pad | Parts], S, N, [S], [])
    end.

collect(0, Parts, S, N, Slots, Up) ->
    Node = erlang:list_to_tuple(Slots),
    case Parts of
        [] when Up =:= [] -> {Node, N, S * 10};
        [] -> collect(N, lists:reverse([Node | Up]), S * 10);
        _ -> collect(10, Parts, S, N, [S], [Node | Up])
    end;
collect(Free, [Gap | Parts], S, N, Slots, Up) when is_integer(Gap) ->
    Spans = Gap div S,
    if Spans < Free ->
            collect(Free - Spans, Parts, S, N, spans(Spans, S, Slots), Up);
       Free =:= 10 ->
            Part = Spans rem 10,
            collect(Free - Part, Parts, S, N, spans(Part, S, Slots), [Gap | Up]);
       Free =:= Spans ->
            collect(0, Parts, S, N, spans(Free, S, Slots), Up);
       true ->
            collect(0, [(Spans - Free) * S | Parts], S, N, spans(Free, S, Slots), Up)
    end;
collect(Free, [Sub | Parts], S, N, Slots, Up) ->
    collect(Free - 1, Parts, S, N, [Sub | Slots], Up);
collect(10, [], S, N, [_], Up) ->
    collect(N, lists:reverse(Up), S * 10).

spans(0, _, Slots) -> Slots;
spans(K, S, Slots) -> spans(K - 1, S, [S | Slots]).
