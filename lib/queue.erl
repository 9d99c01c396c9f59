%% lib/queue.erl — OTP 25's queue module (original, extended and Okasaki
%% APIs) for Hyperlang, in Erlang. A queue is {Rear, Front}: Front holds
%% the oldest items first, Rear the newest first. The shapes produced by
%% every operation match OTP's (they are visible to guests that print a
%% queue), checked against erl by tests/conformance/std_queue_*.erl.
%% Written for Hyperlang from OTP's documented behaviour, not copied.
-module(queue).
-export([new/0, is_queue/1, is_empty/1, len/1, to_list/1, from_list/1, member/2,
         in/2, in_r/2, out/1, out_r/1, get/1, get_r/1, peek/1, peek_r/1,
         drop/1, drop_r/1, reverse/1, join/2, split/2, filter/2, filtermap/2,
         fold/3, any/2, all/2, delete/2, delete_r/2, delete_with/2, delete_with_r/2,
         cons/2, head/1, tail/1, snoc/2, daeh/1, last/1, liat/1, lait/1, init/1]).

new() -> {[], []}.

is_queue({R, F}) when is_list(R), is_list(F) -> true;
is_queue(_) -> false.

is_empty({[], []}) -> true;
is_empty({R, F}) when is_list(R), is_list(F) -> false;
is_empty(Q) -> erlang:error(badarg, [Q]).

len({R, F}) when is_list(R), is_list(F) -> erlang:length(R) + erlang:length(F);
len(Q) -> erlang:error(badarg, [Q]).

to_list({R, F}) when is_list(R), is_list(F) -> F ++ lists:reverse(R, []);
to_list(Q) -> erlang:error(badarg, [Q]).

from_list(L) when is_list(L) -> front_to_rear(L);
from_list(L) -> erlang:error(badarg, [L]).

member(X, {R, F}) when is_list(R), is_list(F) -> lists:member(X, R) orelse lists:member(X, F);
member(X, Q) -> erlang:error(badarg, [X, Q]).

%% A list in queue order split in two: the first half stays the front.
front_to_rear(L) ->
    {F, Rest} = take(erlang:length(L) div 2, L, []),
    {lists:reverse(Rest, []), F}.

%% A rear list (newest first) split in two: the older half becomes the front.
rear_to_front(R) ->
    {R1, Older} = take(erlang:length(R) div 2, R, []),
    {R1, lists:reverse(Older, [])}.

take(0, L, Acc) -> {lists:reverse(Acc, []), L};
take(N, [H | T], Acc) -> take(N - 1, T, [H | Acc]).

in(X, {[_] = R, []}) -> {[X], R};
in(X, {R, F}) when is_list(R), is_list(F) -> {[X | R], F};
in(X, Q) -> erlang:error(badarg, [X, Q]).

in_r(X, {[], [_] = F}) -> {F, [X]};
in_r(X, {R, F}) when is_list(R), is_list(F) -> {R, [X | F]};
in_r(X, Q) -> erlang:error(badarg, [X, Q]).

out({[], []} = Q) -> {empty, Q};
out({[V], []}) -> {{value, V}, {[], []}};
out({[Newest | R], []}) ->
    [V | F] = lists:reverse(R, []),
    {{value, V}, {[Newest], F}};
out({R, [V]}) when is_list(R) -> {{value, V}, rear_to_front(R)};
out({R, [V | F]}) when is_list(R) -> {{value, V}, {R, F}};
out(Q) -> erlang:error(badarg, [Q]).

out_r({[], []} = Q) -> {empty, Q};
out_r({[], [V]}) -> {{value, V}, {[], []}};
out_r({[], [Oldest | F]}) ->
    [V | R] = lists:reverse(F, []),
    {{value, V}, {R, [Oldest]}};
out_r({[V], F}) when is_list(F) -> {{value, V}, front_to_rear(F)};
out_r({[V | R], F}) when is_list(F) -> {{value, V}, {R, F}};
out_r(Q) -> erlang:error(badarg, [Q]).

get({[], []} = Q) -> erlang:error(empty, [Q]);
get({R, F}) when is_list(R), is_list(F) -> first(R, F);
get(Q) -> erlang:error(badarg, [Q]).

first(_, [H | _]) -> H;
first([H], []) -> H;
first([_ | R], []) -> lists:last(R).

get_r({[], []} = Q) -> erlang:error(empty, [Q]);
get_r({R, F}) when is_list(R), is_list(F) -> newest(R, F);
get_r(Q) -> erlang:error(badarg, [Q]).

newest([H | _], _) -> H;
newest([], [H]) -> H;
newest([], [_ | F]) -> lists:last(F).

peek({[], []}) -> empty;
peek({R, F}) when is_list(R), is_list(F) -> {value, first(R, F)};
peek(Q) -> erlang:error(badarg, [Q]).

peek_r({[], []}) -> empty;
peek_r({R, F}) when is_list(R), is_list(F) -> {value, newest(R, F)};
peek_r(Q) -> erlang:error(badarg, [Q]).

drop({[], []} = Q) -> erlang:error(empty, [Q]);
drop({[_], []}) -> {[], []};
drop({[Newest | R], []}) ->
    [_ | F] = lists:reverse(R, []),
    {[Newest], F};
drop({R, [_]}) when is_list(R) -> rear_to_front(R);
drop({R, [_ | F]}) when is_list(R) -> {R, F};
drop(Q) -> erlang:error(badarg, [Q]).

drop_r({[], []} = Q) -> erlang:error(empty, [Q]);
drop_r({[], [_]}) -> {[], []};
drop_r({[], [Oldest | F]}) ->
    [_ | R] = lists:reverse(F, []),
    {R, [Oldest]};
drop_r({[_], F}) when is_list(F) -> front_to_rear(F);
drop_r({[_ | R], F}) when is_list(F) -> {R, F};
drop_r(Q) -> erlang:error(badarg, [Q]).

reverse({R, F}) when is_list(R), is_list(F) -> {F, R};
reverse(Q) -> erlang:error(badarg, [Q]).

join({R, F} = Q, {[], []}) when is_list(R), is_list(F) -> Q;
join({[], []}, {R, F} = Q) when is_list(R), is_list(F) -> Q;
join({R1, F1}, {R2, F2}) when is_list(R1), is_list(F1), is_list(R2), is_list(F2) ->
    {R2, F1 ++ lists:reverse(R1, F2)};
join(Q1, Q2) -> erlang:error(badarg, [Q1, Q2]).

split(0, {R, F} = Q) when is_list(R), is_list(F) -> {{[], []}, Q};
split(N, {R, F} = Q) when is_integer(N), N >= 1, is_list(R), is_list(F) ->
    NF = erlang:length(F),
    if
        N < NF ->
            [X | F1] = F,
            front_move(N - 1, F1, [], [X], R);
        N > NF ->
            Keep = erlang:length(R) - (N - NF),
            if
                Keep < 0 -> erlang:error(badarg, [N, Q]);
                Keep > 0 ->
                    [X | R1] = R,
                    rear_move(Keep - 1, R1, F, [X], []);
                true -> {Q, {[], []}}
            end;
        true -> {front_to_rear(F), rear_to_front(R)}
    end;
split(N, Q) -> erlang:error(badarg, [N, Q]).

%% Moves K more items from the second queue's front F into the first
%% queue's rear R1 (first queue {R1, F1}, second {R, F}).
front_move(0, F, R1, F1, R) -> {{R1, F1}, {R, F}};
front_move(K, [X | F], R1, F1, R) -> front_move(K - 1, F, [X | R1], F1, R).

%% Moves K more items from the first queue's rear R into the second
%% queue's front F2 (first {R, F}, second {R2, F2}).
rear_move(0, R, F, R2, F2) -> {{R, F}, {R2, F2}};
rear_move(K, [X | R], F, R2, F2) -> rear_move(K - 1, R, F, R2, [X | F2]).

%% Fun(Item) -> true | false | List (the items to put in its place).
filter(Fun, {R, F}) when is_function(Fun, 1), is_list(R), is_list(F) ->
    F1 = filter_front(Fun, F),
    R1 = filter_rear(Fun, R),
    rebalance(R1, F1);
filter(Fun, Q) -> erlang:error(badarg, [Fun, Q]).

rebalance([], F) -> front_to_rear(F);
rebalance(R, []) -> rear_to_front(R);
rebalance(R, F) -> {R, F}.

filter_front(Fun, [X | F]) ->
    case Fun(X) of
        true -> [X | filter_front(Fun, F)];
        false -> filter_front(Fun, F);
        L when is_list(L) -> L ++ filter_front(Fun, F)
    end;
filter_front(_, []) -> [].

%% The rear is newest first: the oldest item is tested first.
filter_rear(Fun, [X | R]) ->
    R1 = filter_rear(Fun, R),
    case Fun(X) of
        true -> [X | R1];
        false -> R1;
        L when is_list(L) -> lists:reverse(L, R1)
    end;
filter_rear(_, []) -> [].

%% Fun(Item) -> true | false | {true, NewItem}.
filtermap(Fun, {R, F}) when is_function(Fun, 1), is_list(R), is_list(F) ->
    F1 = lists:filtermap(Fun, F),
    R1 = filtermap_rear(Fun, R),
    rebalance(R1, F1);
filtermap(Fun, Q) -> erlang:error(badarg, [Fun, Q]).

filtermap_rear(Fun, [X | R]) ->
    R1 = filtermap_rear(Fun, R),
    case Fun(X) of
        true -> [X | R1];
        {true, V} -> [V | R1];
        false -> R1
    end;
filtermap_rear(_, []) -> [].

fold(Fun, Acc, {R, F}) when is_function(Fun, 2), is_list(R), is_list(F) ->
    lists:foldr(Fun, lists:foldl(Fun, Acc, F), R);
fold(Fun, Acc, Q) -> erlang:error(badarg, [Fun, Acc, Q]).

any(Pred, {R, F}) when is_function(Pred, 1), is_list(R), is_list(F) ->
    lists:any(Pred, F) orelse lists:any(Pred, R);
any(Pred, Q) -> erlang:error(badarg, [Pred, Q]).

all(Pred, {R, F}) when is_function(Pred, 1), is_list(R), is_list(F) ->
    lists:all(Pred, F) andalso lists:all(Pred, R);
all(Pred, Q) -> erlang:error(badarg, [Pred, Q]).

delete(Item, {R, F} = Q) when is_list(R), is_list(F) -> delete_first(fun(X) -> X =:= Item end, Q);
delete(Item, Q) -> erlang:error(badarg, [Item, Q]).

delete_r(Item, {R, F}) when is_list(R), is_list(F) ->
    {F1, R1} = delete_first(fun(X) -> X =:= Item end, {F, R}),
    {R1, F1};
delete_r(Item, Q) -> erlang:error(badarg, [Item, Q]).

delete_with(Pred, {R, F} = Q) when is_function(Pred, 1), is_list(R), is_list(F) -> delete_first(Pred, Q);
delete_with(Pred, Q) -> erlang:error(badarg, [Pred, Q]).

delete_with_r(Pred, {R, F}) when is_function(Pred, 1), is_list(R), is_list(F) ->
    {F1, R1} = delete_first(Pred, {F, R}),
    {R1, F1};
delete_with_r(Pred, Q) -> erlang:error(badarg, [Pred, Q]).

%% Removes the oldest item Pred accepts; the queue is unchanged if none.
delete_first(Pred, {R, F} = Q) ->
    case del_front(Pred, F) of
        none ->
            case del_rear(Pred, R) of
                none -> Q;
                [] -> front_to_rear(F);
                R1 -> {R1, F}
            end;
        [] -> rear_to_front(R);
        F1 -> {R, F1}
    end.

del_front(Pred, [X | F]) ->
    case Pred(X) of
        true -> F;
        false ->
            case del_front(Pred, F) of
                none -> none;
                F1 -> [X | F1]
            end
    end;
del_front(_, []) -> none.

%% The oldest item of a rear list is its last: look behind X first.
del_rear(Pred, [X | R]) ->
    case del_rear(Pred, R) of
        none ->
            case Pred(X) of
                true -> R;
                false -> none
            end;
        R1 -> [X | R1]
    end;
del_rear(_, []) -> none.

%% Okasaki API
cons(X, Q) -> in_r(X, Q).
head({[], []} = Q) -> erlang:error(empty, [Q]);
head({R, F}) when is_list(R), is_list(F) -> first(R, F);
head(Q) -> erlang:error(badarg, [Q]).
tail(Q) -> drop(Q).
snoc(Q, X) -> in(X, Q).
daeh(Q) -> get_r(Q).
last(Q) -> get_r(Q).
liat(Q) -> drop_r(Q).
lait(Q) -> drop_r(Q).
init(Q) -> drop_r(Q).
