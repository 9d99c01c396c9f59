%% lib/lists.erl — the part of OTP's lists module that Hyperlang implements
%% in Erlang (core/builtins.def kind ERL): higher-order functions must be
%% guest code so they are charged reductions and stay preemptible. Written
%% for Hyperlang from the documented semantics (not copied from OTP).
%% Embedded into the library at build time (src/gen/stdlib.c) and compiled
%% by our own compiler; codegen links it into programs that call it.
-module(lists).
-export([map/2, foldl/3, filter/2, seq/2, sort/1]).

map(F, [H | T]) when is_function(F, 1) -> [F(H) | map(F, T)];
map(F, []) when is_function(F, 1) -> [].

foldl(F, Acc, [H | T]) when is_function(F, 2) -> foldl(F, F(H, Acc), T);
foldl(F, Acc, []) when is_function(F, 2) -> Acc.

filter(Pred, List) when is_function(Pred, 1) -> [E || E <- List, Pred(E)].

seq(First, Last) when is_integer(First), is_integer(Last), First - 1 =< Last ->
    seq_down(Last, First, []).

seq_down(N, First, Acc) when N >= First -> seq_down(N - 1, First, [N | Acc]);
seq_down(_, _, Acc) -> Acc.

%% Stable merge sort in term order (equal elements keep their order). Runs
%% of up to 4096 elements are sorted by a C builtin with bounded work per
%% call (src/vm/bif_sort.c); it answers false when the comparisons would
%% cost too much (huge terms), and the run is then split and merged here.
sort(L) when is_list(L) -> sort_len(L, length(L)).

sort_len(L, N) when N < 2 -> L;
sort_len(L, N) when N =< 4096 ->
    case erlang:hl_sort_run(L) of
        false -> sort_split(L, N);
        Sorted -> Sorted
    end;
sort_len(L, N) -> sort_split(L, N).

sort_split(L, N) ->
    H = N div 2,
    {A, B} = take(H, L, []),
    merge(sort_len(A, H), sort_len(B, N - H)).

take(0, L, Acc) -> {reverse_(Acc, []), L};
take(N, [X | T], Acc) -> take(N - 1, T, [X | Acc]).

reverse_([], Acc) -> Acc;
reverse_([X | T], Acc) -> reverse_(T, [X | Acc]).

merge([], B) -> B;
merge(A, []) -> A;
merge([X | A], [Y | _] = B) when X =< Y -> [X | merge(A, B)];
merge(A, [Y | B]) -> [Y | merge(A, B)].
