%% lib/lists.erl — OTP 25's lists module as Hyperlang implements it in
%% Erlang (core/builtins.def kind ERL): higher-order functions must be guest
%% code so they are charged reductions and stay preemptible; first-order
%% ones here are preemptible too, whatever the size of their input.
%% reverse/1,2, keyfind/3 and member/2 are C builtins (vm/bif.c).
%% Written for Hyperlang from the documented semantics (not copied from
%% OTP); exception reasons follow OTP 25 (function_clause where OTP's
%% clauses do not match, badarg where OTP raises badarg).
-module(lists).
-export([all/2, any/2, append/1, append/2, concat/1, delete/2, droplast/1, dropwhile/2,
         duplicate/2, enumerate/1, enumerate/2, filter/2, filtermap/2, flatlength/1,
         flatmap/2, flatten/1, flatten/2, foldl/3, foldr/3, foreach/2, join/2,
         keydelete/3, keymap/3, keymember/3, keymerge/3, keyreplace/4, keysearch/3,
         keysort/2, keystore/4, keytake/3, last/1, map/2, mapfoldl/3, mapfoldr/3,
         max/1, merge/1, merge/2, merge/3, merge3/3, min/1, nth/2, nthtail/2,
         partition/2, prefix/2, search/2, seq/2, seq/3, sort/1, sort/2, split/2,
         splitwith/2, sublist/2, sublist/3, subtract/2, suffix/2, sum/1,
         takewhile/2, ukeymerge/3, ukeysort/2, umerge/1, umerge/2, umerge/3,
         umerge3/3, uniq/1, uniq/2, unzip/1, unzip3/1, usort/1, usort/2, zf/2,
         zip/2, zip3/3, zipwith/3, zipwith3/4]).

%% ---- predicates and folds ----

%% Exceptions follow OTP 25's clauses: all/2, any/2, map/2 and foldl/3
%% check the fun first and raise case_clause for a non-list; the other
%% higher-order functions check the fun in every clause (function_clause),
%% except zipwith/3, zipwith3/4, keymap/3 and sort/2 on two or more
%% elements, which call it unchecked (badfun).
all(Pred, List) when is_function(Pred, 1) ->
    case List of
        [_ | _] -> all_(Pred, List);
        [] -> true
    end.

all_(Pred, [H | T]) ->
    case Pred(H) of
        true -> all_(Pred, T);
        false -> false
    end;
all_(_, []) -> true.

any(Pred, List) when is_function(Pred, 1) ->
    case List of
        [_ | _] -> any_(Pred, List);
        [] -> false
    end.

any_(Pred, [H | T]) ->
    case Pred(H) of
        true -> true;
        false -> any_(Pred, T)
    end;
any_(_, []) -> false.

map(F, List) when is_function(F, 1) ->
    case List of
        [H | T] -> [F(H) | map_(F, T)];
        [] -> []
    end.

map_(F, [H | T]) -> [F(H) | map_(F, T)];
map_(_, []) -> [].

foldl(F, Acc, List) when is_function(F, 2) ->
    case List of
        [H | T] -> foldl_(F, F(H, Acc), T);
        [] -> Acc
    end.

foldl_(F, Acc, [H | T]) -> foldl_(F, F(H, Acc), T);
foldl_(_, Acc, []) -> Acc.

foldr(F, Acc, [H | T]) when is_function(F, 2) -> F(H, foldr(F, Acc, T));
foldr(F, Acc, []) when is_function(F, 2) -> Acc.

foreach(F, [H | T]) when is_function(F, 1) -> F(H), foreach(F, T);
foreach(F, []) when is_function(F, 1) -> ok.

filter(Pred, List) when is_function(Pred, 1) -> [E || E <- List, Pred(E)].

filtermap(F, [H | T]) when is_function(F, 1) ->
    case F(H) of
        true -> [H | filtermap(F, T)];
        {true, V} -> [V | filtermap(F, T)];
        false -> filtermap(F, T)
    end;
filtermap(F, []) when is_function(F, 1) -> [].

zf(F, L) -> filtermap(F, L).

flatmap(F, List) when is_function(F, 1) -> flatmap_(F, List).

flatmap_(F, [H | T]) -> F(H) ++ flatmap_(F, T);
flatmap_(_, []) -> [].

mapfoldl(F, Acc0, [H | T]) when is_function(F, 2) ->
    {R, Acc1} = F(H, Acc0),
    {Rs, Acc2} = mapfoldl(F, Acc1, T),
    {[R | Rs], Acc2};
mapfoldl(F, Acc, []) when is_function(F, 2) -> {[], Acc}.

mapfoldr(F, Acc0, [H | T]) when is_function(F, 2) ->
    {Rs, Acc1} = mapfoldr(F, Acc0, T),
    {R, Acc2} = F(H, Acc1),
    {[R | Rs], Acc2};
mapfoldr(F, Acc, []) when is_function(F, 2) -> {[], Acc}.

dropwhile(Pred, [H | T] = L) when is_function(Pred, 1) ->
    case Pred(H) of
        true -> dropwhile(Pred, T);
        false -> L
    end;
dropwhile(Pred, []) when is_function(Pred, 1) -> [].

takewhile(Pred, [H | T]) when is_function(Pred, 1) ->
    case Pred(H) of
        true -> [H | takewhile(Pred, T)];
        false -> []
    end;
takewhile(Pred, []) when is_function(Pred, 1) -> [].

partition(Pred, L) when is_function(Pred, 1) -> partition_(Pred, L, [], []).

partition_(Pred, [H | T], Yes, No) ->
    case Pred(H) of
        true -> partition_(Pred, T, [H | Yes], No);
        false -> partition_(Pred, T, Yes, [H | No])
    end;
partition_(Pred, [], Yes, No) when is_function(Pred, 1) ->
    {lists:reverse(Yes), lists:reverse(No)}.

splitwith(Pred, List) when is_function(Pred, 1) -> splitwith_(Pred, List, []).

splitwith_(Pred, [H | T] = L, Taken) ->
    case Pred(H) of
        true -> splitwith_(Pred, T, [H | Taken]);
        false -> {lists:reverse(Taken), L}
    end;
splitwith_(_, [], Taken) -> {lists:reverse(Taken), []}.

search(Pred, [H | T]) when is_function(Pred, 1) ->
    case Pred(H) of
        true -> {value, H};
        false -> search(Pred, T)
    end;
search(Pred, []) when is_function(Pred, 1) -> false.

%% ---- building and taking apart ----

append(L1, L2) -> L1 ++ L2.

append([E]) -> E;
append([H | T]) -> H ++ append(T);
append([]) -> [].

concat(Things) -> flatten(concat_(Things)).

concat_([H | T]) -> [thing_to_list(H) | concat_(T)];
concat_([]) -> [].

thing_to_list(X) when is_integer(X) -> erlang:integer_to_list(X);
thing_to_list(X) when is_float(X) -> erlang:float_to_list(X);
thing_to_list(X) when is_atom(X) -> erlang:atom_to_list(X);
thing_to_list(X) when is_list(X) -> X.

delete(X, [X | T]) -> T;
delete(X, [H | T]) -> [H | delete(X, T)];
delete(_, []) -> [].

droplast([_]) -> [];
droplast([H | T]) -> [H | droplast(T)].

duplicate(N, X) when is_integer(N), N >= 0 -> duplicate_(N, X, []).

duplicate_(0, _, Acc) -> Acc;
duplicate_(N, X, Acc) -> duplicate_(N - 1, X, [X | Acc]).

enumerate(List) -> enumerate_(1, List).

enumerate(Index, List) when is_integer(Index), is_list(List) -> enumerate_(Index, List).

enumerate_(I, [H | T]) -> [{I, H} | enumerate_(I + 1, T)];
enumerate_(_, []) -> [].

flatlength(List) -> flatlength_(List, 0).

flatlength_([H | T], N) when is_list(H) -> flatlength_(H, flatlength_(T, N));
flatlength_([_ | T], N) -> flatlength_(T, N + 1);
flatlength_([], N) -> N.

flatten(List) when is_list(List) -> flatten_(List, []).

flatten(List, Tail) when is_list(List), is_list(Tail) -> flatten_(List, Tail).

flatten_([H | T], Tail) when is_list(H) -> flatten_(H, flatten_(T, Tail));
flatten_([H | T], Tail) -> [H | flatten_(T, Tail)];
flatten_([], Tail) -> Tail.

join(_, []) -> [];
join(Sep, [H | T]) -> [H | join_(Sep, T)].

join_(_, []) -> [];
join_(Sep, [H | T]) -> [Sep, H | join_(Sep, T)].

last([H | T]) -> last_(H, T).

last_(_, [H | T]) -> last_(H, T);
last_(H, []) -> H.

max([H | T]) -> max_(T, H).

max_([H | T], M) when H > M -> max_(T, H);
max_([_ | T], M) -> max_(T, M);
max_([], M) -> M.

min([H | T]) -> min_(T, H).

min_([H | T], M) when H < M -> min_(T, H);
min_([_ | T], M) -> min_(T, M);
min_([], M) -> M.

nth(1, [H | _]) -> H;
nth(N, [_ | T]) when N > 1 -> nth(N - 1, T).

nthtail(1, [_ | T]) -> T;
nthtail(N, [_ | T]) when N > 1 -> nthtail(N - 1, T);
nthtail(0, L) when is_list(L) -> L.

prefix([X | P], [X | T]) -> prefix(P, T);
prefix([], List) when is_list(List) -> true;
prefix([_ | _], List) when is_list(List) -> false.

suffix(Suffix, List) ->
    Delta = erlang:length(List) - erlang:length(Suffix),
    Delta >= 0 andalso nthtail(Delta, List) =:= Suffix.

seq(First, Last) when is_integer(First), is_integer(Last), First - 1 =< Last ->
    seq_down(Last, First, []).

seq_down(N, First, Acc) when N >= First -> seq_down(N - 1, First, [N | Acc]);
seq_down(_, _, Acc) -> Acc.

seq(First, Last, Inc) when is_integer(First), is_integer(Last), is_integer(Inc) ->
    if
        Inc > 0, First - Inc =< Last; Inc < 0, First - Inc >= Last ->
            N = (Last - First + Inc) div Inc,
            seq_step(N, Inc * (N - 1) + First, Inc, []);
        Inc =:= 0, First =:= Last -> [First];
        true -> erlang:error(badarg, [First, Last, Inc])
    end;
seq(First, Last, Inc) -> erlang:error(badarg, [First, Last, Inc]).

%% N elements, the last (largest index) being X, built back to front.
seq_step(0, _, _, Acc) -> Acc;
seq_step(N, X, Inc, Acc) -> seq_step(N - 1, X - Inc, Inc, [X | Acc]).

split(N, List) when is_integer(N), N >= 0, is_list(List) ->
    case split_(N, List, []) of
        {_, _} = R -> R;
        badarg -> erlang:error(badarg, [N, List])
    end;
split(N, List) -> erlang:error(badarg, [N, List]).

split_(0, L, Acc) -> {lists:reverse(Acc), L};
split_(N, [H | T], Acc) -> split_(N - 1, T, [H | Acc]);
split_(_, _, _) -> badarg.

sublist(List, L) when is_integer(L), is_list(List) -> sublist_(List, L).

sublist_([H | T], L) when L > 0 -> [H | sublist_(T, L - 1)];
sublist_(_, 0) -> [];
sublist_(List, L) when is_list(List), L > 0 -> [].

sublist(List, S, L) when is_list(List), is_integer(S), S > 0, is_integer(L), L >= 0 -> sublist_from(List, S, L).

sublist_from([], _, _) -> [];
sublist_from(List, 1, L) -> sublist_(List, L);
sublist_from([_ | T], S, L) -> sublist_from(T, S - 1, L).

subtract(L1, L2) -> L1 -- L2.

sum(L) -> sum_(L, 0).

sum_([H | T], S) -> sum_(T, S + H);
sum_([], S) -> S.

unzip(Ts) -> unzip_(Ts, [], []).

unzip_([{X, Y} | T], Xs, Ys) -> unzip_(T, [X | Xs], [Y | Ys]);
unzip_([], Xs, Ys) -> {lists:reverse(Xs), lists:reverse(Ys)}.

unzip3(Ts) -> unzip3_(Ts, [], [], []).

unzip3_([{X, Y, Z} | T], Xs, Ys, Zs) -> unzip3_(T, [X | Xs], [Y | Ys], [Z | Zs]);
unzip3_([], Xs, Ys, Zs) -> {lists:reverse(Xs), lists:reverse(Ys), lists:reverse(Zs)}.

zip([X | Xs], [Y | Ys]) -> [{X, Y} | zip(Xs, Ys)];
zip([], []) -> [].

zip3([X | Xs], [Y | Ys], [Z | Zs]) -> [{X, Y, Z} | zip3(Xs, Ys, Zs)];
zip3([], [], []) -> [].

zipwith(F, [X | Xs], [Y | Ys]) -> [F(X, Y) | zipwith(F, Xs, Ys)];
zipwith(F, [], []) when is_function(F, 2) -> [].

zipwith3(F, [X | Xs], [Y | Ys], [Z | Zs]) -> [F(X, Y, Z) | zipwith3(F, Xs, Ys, Zs)];
zipwith3(F, [], [], []) when is_function(F, 3) -> [].

uniq(L) when is_list(L) -> uniq_by(fun(X) -> X end, L).

uniq(F, L) when is_function(F, 1), is_list(L) -> uniq_by(F, L).

%% Keeps the first of the elements whose keys are =:= (OTP uses a map):
%% sort {Key, Index} pairs, drop the later ones within each run of ==
%% keys that are also =:=, restore the input order.
uniq_by(F, L) ->
    {Tagged, _} = mapfoldl(fun(X, I) -> {{F(X), I, X}, I + 1} end, 0, L),
    Runs = eq_runs(keysort(1, Tagged)),
    Kept = uniq_runs(Runs, []),
    [X || {_, _, X} <- keysort(2, Kept)].

eq_runs([]) -> [];
eq_runs([{K, _, _} = E | T]) -> eq_run(T, K, [E], []).

eq_run([{K, _, _} = E | T], K0, Run, Runs) when K == K0 -> eq_run(T, K0, [E | Run], Runs);
eq_run([{K, _, _} = E | T], _, Run, Runs) -> eq_run(T, K, [E], [lists:reverse(Run) | Runs]);
eq_run([], _, Run, Runs) -> [lists:reverse(Run) | Runs].

uniq_runs([Run | Runs], Acc) -> uniq_runs(Runs, uniq_exact(Run, [], Acc));
uniq_runs([], Acc) -> Acc.

uniq_exact([{K, _, _} = E | T], Seen, Acc) ->
    case lists:member(K, Seen) of
        true -> uniq_exact(T, Seen, Acc);
        false -> uniq_exact(T, [K | Seen], [E | Acc])
    end;
uniq_exact([], _, Acc) -> Acc.

%% ---- tuple lists ----

keydelete(Key, N, L) when is_integer(N), N > 0 -> keydelete_(Key, N, L).

keydelete_(Key, N, [H | T]) when element(N, H) == Key -> T;
keydelete_(Key, N, [H | T]) -> [H | keydelete_(Key, N, T)];
keydelete_(_, _, []) -> [].

keymap(F, N, [T | Ts]) -> [erlang:setelement(N, T, F(erlang:element(N, T))) | keymap(F, N, Ts)];
keymap(F, N, []) when is_integer(N), N >= 1, is_function(F, 1) -> [].

keymember(Key, N, L) ->
    case lists:keyfind(Key, N, L) of
        false -> false;
        _ -> true
    end.

keysearch(Key, N, L) ->
    case lists:keyfind(Key, N, L) of
        false -> false;
        T -> {value, T}
    end.

keyreplace(Key, N, L, New) when is_integer(N), N > 0, is_tuple(New) -> keyreplace_(Key, N, L, New).

keyreplace_(Key, N, [H | T], New) when element(N, H) == Key -> [New | T];
keyreplace_(Key, N, [H | T], New) -> [H | keyreplace_(Key, N, T, New)];
keyreplace_(_, _, [], _) -> [].

keystore(Key, N, L, New) when is_integer(N), N > 0, is_tuple(New) -> keystore_(Key, N, L, New).

keystore_(Key, N, [H | T], New) when element(N, H) == Key -> [New | T];
keystore_(Key, N, [H | T], New) -> [H | keystore_(Key, N, T, New)];
keystore_(_, _, [], New) -> [New].

keytake(Key, N, L) when is_integer(N), N > 0 -> keytake_(Key, N, L, []).

keytake_(Key, N, [H | T], Acc) when element(N, H) == Key -> {value, H, lists:reverse(Acc, T)};
keytake_(Key, N, [H | T], Acc) -> keytake_(Key, N, T, [H | Acc]);
keytake_(_, _, [], _) -> false.

keysort(I, L) when is_integer(I), I > 0 ->
    case L of
        [] -> L;
        [_] -> L;
        [_, _ | _] -> msort({key, I}, L)
    end.

ukeysort(I, L) when is_integer(I), I > 0 ->
    case L of
        [] -> L;
        [_] -> L;
        [_, _ | _] -> udedup({key, I}, msort({key, I}, L))
    end.

keymerge(I, L1, []) when is_integer(I), I > 0 -> L1;
keymerge(I, L1, [_ | _] = L2) when is_integer(I), I > 0 -> merge2({key, I}, L1, L2).

ukeymerge(I, L1, L2) when is_integer(I), I > 0 ->
    case L1 of
        [] -> L2;
        [_ | _] -> umerge2({key, I}, L1, L2)
    end.

%% ---- sorting and merging ----
%% One stable top-down merge sort over an order: 'term' (=<), {key, I}
%% (element I, =<) or {fn, F} (F(A, B) is true when A may precede B).

sort(L) when is_list(L) -> sort_t(L, proper_length(L)).

%% sort/1 returns exactly OTP 25's order, also of elements that compare ==
%% but differ (1 and 1.0): OTP's merge sort is not stable. Its order is the
%% stable sort of the input, or (when the first element that differs from
%% the leading == elements is smaller) the stable sort of what
%% erlang:hl_sort_prep/3 makes of the input (src/vm/bif_sort.c says why).
%% A list of up to 8192 elements is sorted in one builtin call. Longer ones:
%% the stable sort: runs of up to 8192 elements sorted by a C builtin, then
%% merged pairwise by another; both do bounded work per call and answer
%% false when the comparisons would cost too much (huge terms), and that
%% part is then done here in Erlang.
sort_t(L, N) when N =< 8192 ->
    case erlang:hl_sort_otp(L) of
        false -> sort_chunked(L, N);
        Sorted -> Sorted
    end;
sort_t(L, N) -> sort_chunked(L, N).

sort_chunked(L, N) when N < 4 -> stable_sort([L]);
sort_chunked(L, _) -> sort_prep(L, L, 0, []).

sort_prep(L, Rest, State, Acc) ->
    case erlang:hl_sort_prep(Rest, State, Acc) of
        true -> stable_sort([L]);
        {Acc1, [], _} -> stable_sort([Acc1]);
        {Acc1, Rest1, State1} -> sort_prep(L, Rest1, State1, Acc1)
    end.

%% The stable sort of the concatenation of Lists.
stable_sort(Lists) -> merge_runs(sort_runs(Lists, [])).

sort_runs([L | Ls], Runs) -> sort_runs(Ls, take_runs(L, Runs));
sort_runs([], Runs) -> lists:reverse(Runs).

take_runs([], Runs) -> Runs;
take_runs(L, Runs) ->
    case erlang:hl_sort_take(L) of
        {Sorted, Rest} -> take_runs(Rest, [Sorted | Runs]);
        %% the C sort ran out of its budget: the sorted blocks it made
        [Sorteds | Rest] -> take_runs(Rest, lists:reverse(Sorteds, Runs));
        false ->
            {Run, N, Rest} = take_upto(8192, L, []),
            take_runs(Rest, [sort_split(Run, N) | Runs])
    end.

merge_runs([]) -> [];
merge_runs([Run]) -> Run;
merge_runs(Runs) -> merge_runs(merge_pairs(Runs)).

merge_pairs([A, B | Runs]) -> [merge_ab(A, B) | merge_pairs(Runs)];
merge_pairs(Runs) -> Runs.

merge_ab(A, B) ->
    case erlang:hl_sort_merge(A, B) of
        false -> merge_t(A, B, []);
        M -> M
    end.

%% Stable sort of the N elements of L in Erlang, for terms too costly to
%% compare in one builtin call.
sort_split(L, N) when N < 2 -> L;
sort_split(L, N) when N =< 4096 ->
    case erlang:hl_sort_run(L) of
        false -> sort_halves(L, N);
        Sorted -> Sorted
    end;
sort_split(L, N) -> sort_halves(L, N).

sort_halves(L, N) ->
    H = N div 2,
    {A, B} = take(H, L, []),
    merge_ab(sort_split(A, H), sort_split(B, N - H)).

merge_t([X | A1] = A, [Y | B1] = B, Acc) ->
    if
        X =< Y -> merge_t(A1, B, [X | Acc]);
        true -> merge_t(A, B1, [Y | Acc])
    end;
merge_t([], B, Acc) -> lists:reverse(Acc, B);
merge_t(A, [], Acc) -> lists:reverse(Acc, A).

%% The length of a list that must be proper: function_clause otherwise,
%% as OTP's sort clauses raise.
proper_length(L) ->
    try erlang:length(L)
    catch error:badarg -> erlang:error(function_clause)
    end.

sort(F, []) when is_function(F, 2) -> [];
sort(F, [_] = L) when is_function(F, 2) -> L;
sort(F, [_, _ | _] = L) -> msort({fn, F}, L).

usort(L) when is_list(L) ->
    _ = proper_length(L),
    udedup(term, stable_sort([L])).

usort(F, L) when is_function(F, 2) ->
    case L of
        [] -> L;
        [_] -> L;
        [_, _ | _] -> udedup({fn, F}, msort({fn, F}, L))
    end.

%% As OTP, merging with [] returns the first argument whatever it is.
merge(L1, []) -> L1;
merge(L1, [_ | _] = L2) -> merge2(term, L1, L2).

merge(F, L1, []) when is_function(F, 2) -> L1;
merge(F, L1, [_ | _] = L2) when is_function(F, 2) -> merge2({fn, F}, L1, L2).

merge3(L1, L2, L3) -> merge(L1, merge(L2, L3)).

merge(Ls) when is_list(Ls) -> foldr(fun(L, Acc) -> merge(L, Acc) end, [], Ls).

umerge([], L2) -> L2;
umerge([_ | _] = L1, []) -> L1;
umerge([_ | _] = L1, L2) -> umerge2(term, L1, L2).

umerge(F, [], L2) when is_function(F, 2) -> L2;
umerge(F, [_ | _] = L1, L2) when is_function(F, 2) -> umerge2({fn, F}, L1, L2).

umerge3(L1, L2, L3) -> umerge(L1, umerge(L2, L3)).

umerge(Ls) when is_list(Ls) -> foldr(fun(L, Acc) -> umerge(L, Acc) end, [], Ls).

le(term, A, B) -> A =< B;
le({key, I}, A, B) -> erlang:element(I, A) =< erlang:element(I, B);
le({fn, F}, A, B) -> F(A, B).

msort(Ord, L) -> msort_len(Ord, L, proper_length(L)).

msort_len(_, L, N) when N < 2 -> L;
msort_len(Ord, [A, B], 2) ->
    case le(Ord, A, B) of
        true -> [A, B];
        false -> [B, A]
    end;
msort_len(Ord, L, N) ->
    H = N div 2,
    {A, B} = take(H, L, []),
    merge2(Ord, msort_len(Ord, A, H), msort_len(Ord, B, N - H)).

take_upto(N, [X | T], Acc) when N > 0 -> take_upto(N - 1, T, [X | Acc]);
take_upto(N, L, Acc) -> {lists:reverse(Acc), 8192 - N, L}.

take(0, L, Acc) -> {lists:reverse(Acc), L};
take(N, [X | T], Acc) -> take(N - 1, T, [X | Acc]).

%% Stable merge: on a tie the element of the first list goes first.
merge2(Ord, A, B) -> merge2_(Ord, A, B, []).

merge2_(_, [], B, Acc) -> lists:reverse(Acc, B);
merge2_(_, A, [], Acc) -> lists:reverse(Acc, A);
merge2_(Ord, [X | A1] = A, [Y | B1] = B, Acc) ->
    case le(Ord, X, Y) of
        true -> merge2_(Ord, A1, B, [X | Acc]);
        false -> merge2_(Ord, A, B1, [Y | Acc])
    end.

%% Merge dropping an element of the second list when it is equal to (le
%% both ways) the element of the first list output just before it, as OTP
%% does: with duplicates inside a list, only the second list's first
%% element after such an output is dropped.
umerge2(_, [], B) -> B;
umerge2(Ord, [X | A], B) -> umerge_a(Ord, X, A, B, []).

%% X (of the first list) waits for its place.
umerge_a(Ord, X, A, [Y | B1] = B, Acc) ->
    case le(Ord, X, Y) of
        true -> umerge_b(Ord, A, Y, B1, X, [X | Acc]);
        false -> umerge_a(Ord, X, A, B1, [Y | Acc])
    end;
umerge_a(_, X, A, [], Acc) -> lists:reverse(Acc, [X | A]).

%% Y (of the second list) waits; Last is the first list's last output.
umerge_b(Ord, [X | A1], Y, B, Last, Acc) ->
    case le(Ord, X, Y) of
        true -> umerge_b(Ord, A1, Y, B, X, [X | Acc]);
        false ->
            case le(Ord, Y, Last) of
                true -> umerge_a(Ord, X, A1, B, Acc);
                false -> umerge_a(Ord, X, A1, B, [Y | Acc])
            end
    end;
umerge_b(Ord, [], Y, B, Last, Acc) ->
    case le(Ord, Y, Last) of
        true -> lists:reverse(Acc, B);
        false -> lists:reverse(Acc, [Y | B])
    end.

%% Drops each element equal to its kept predecessor in a sorted list.
udedup(_, []) -> [];
udedup(Ord, [H | T]) -> udedup_(Ord, T, H, [H]).

udedup_(Ord, [X | T], Prev, Acc) ->
    case le(Ord, X, Prev) of
        true -> udedup_(Ord, T, Prev, Acc);
        false -> udedup_(Ord, T, X, [X | Acc])
    end;
udedup_(_, [], _, Acc) -> lists:reverse(Acc).
