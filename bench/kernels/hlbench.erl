%% hlbench.erl — the benchmark kernels, as guest source. The same file is
%% compiled by erlc for the BEAM rows, parsed by hl_check for the Hyperlang
%% front-end row, and (later) run by the Hyperlang VM rows. Every system in
%% bench/ implements exactly these kernels; bench/README.md defines them.
-module(hlbench).
-export([id/1, fib/1, sort/1, loop/1, gc/1, fact/1, print_pow2/1, maps100k/1, binsplit1mb/1]).
-export([sort100k/1, split1mb/1, pp10k/1]).

%% A trivial call: id(42) = 42.
-spec id(term()) -> term().
id(X) -> X.

%% Naive doubly recursive Fibonacci: fib(20) = 6765, fib(30) = 832040.
-spec fib(non_neg_integer()) -> non_neg_integer().
fib(N) when N < 2 -> N;
fib(N) -> fib(N - 1) + fib(N - 2).

%% N integers from the LCG x' = (x * 1103515245 + 12345) rem 2^31 started
%% at the seed 42; the seed itself is not an element, the first element is
%% the first x'. The list is in generation order; sort it ascending and
%% return the first plus the last element. The first element is 1250496027;
%% sort(1000) = 2151183773.
-spec sort(non_neg_integer()) -> non_neg_integer().
sort(N) ->
    Sorted = lists:sort(lcg(N, 42)),
    hd(Sorted) + last(Sorted).

lcg(0, _X) -> [];
lcg(N, X) ->
    Next = (X * 1103515245 + 12345) rem 2147483648,
    [Next | lcg(N - 1, Next)].

%% The kernels use nothing from the standard library but lists:sort/1 and
%% maps:put/get/fold, so the last element is taken by a local function
%% (what lists:last/1 does).
last([X]) -> X;
last([_ | T]) -> last(T).

%% lists:sort/1 on 100,000 integers: the LCG list of sort/1 (100,000
%% elements, seed 42) built once, then sorted R times; returns the first plus
%% the last element of the last sort: sort100k(2) = 2147488931. (One build
%% per call, so R sorts dominate the time.)
-spec sort100k(pos_integer()) -> non_neg_integer().
sort100k(R) -> sort_rounds(R, lcg(100000, 42), 0).

sort_rounds(0, _, V) -> V;
sort_rounds(R, L, _) ->
    Sorted = lists:sort(L),
    sort_rounds(R - 1, L, hd(Sorted) + last(Sorted)).

%% Count down to 0 by tail calls: loop(500) = 0.
-spec loop(non_neg_integer()) -> non_neg_integer().
loop(0) -> 0;
loop(N) -> loop(N - 1).

%% Term kernels (allocation, collection, bignums).

%% GC throughput: keeps a live list of 10,000 integers while it builds and
%% drops N short-lived lists of 100 2-tuples (100 cons cells + 100 tuples =
%% 500 words = 4,000 bytes each), summing each: gc(1000) allocates about
%% 4 MB of garbage (plus 160 KB of live list) and returns 55110000.
-spec gc(non_neg_integer()) -> non_neg_integer().
gc(N) ->
    Live = ints(10000, []),
    churn(N, Live, 0).

ints(0, Acc) -> Acc;
ints(I, Acc) -> ints(I - 1, [I | Acc]).

churn(0, Live, Acc) -> Acc + length(Live);
churn(N, Live, Acc) -> churn(N - 1, Live, Acc + sum_pairs(pairs(100, N, []), 0)).

pairs(0, _, Acc) -> Acc;
pairs(I, N, Acc) -> pairs(I - 1, N, [{I, N} | Acc]).

sum_pairs([], S) -> S;
sum_pairs([{A, B} | T], S) -> sum_pairs(T, S + A + B).

%% Bignum multiplication: N! (fact(2000) has 5,736 digits, 19,053 bits),
%% reduced mod 1000000007 so the value is a small integer: fact(2000) = 100292593.
-spec fact(non_neg_integer()) -> non_neg_integer().
fact(N) -> fact(N, 1) rem 1000000007.

fact(0, Acc) -> Acc;
fact(N, Acc) -> fact(N - 1, Acc * N).

%% Bignum printing: the decimal text of 2^N; print_pow2(10000) = 3011 (digits).
-spec print_pow2(non_neg_integer()) -> non_neg_integer().
print_pow2(N) -> length(integer_to_list(1 bsl N)).

%% Maps: puts the N integer keys 0..N-1 (value 2K) one by one into a map,
%% gets each back, and folds over the map summing the values; returns the
%% sum of the gets plus the fold's: maps100k(100000) = 19999800000.
-spec maps100k(non_neg_integer()) -> non_neg_integer().
maps100k(N) ->
    M = map_puts(0, N, #{}),
    map_gets(0, N, M, 0) + maps:fold(fun(_, V, Acc) -> Acc + V end, 0, M).

map_puts(N, N, M) -> M;
map_puts(K, N, M) -> map_puts(K + 1, N, maps:put(K, 2 * K, M)).

map_gets(N, N, _M, Acc) -> Acc;
map_gets(K, N, M, Acc) -> map_gets(K + 1, N, M, Acc + maps:get(K, M)).

%% Binary search and slicing: an N-byte binary of "abcdefghi," repeated
%% split at every comma: binsplit1mb(1000000) = 100001 (pieces, the last
%% one empty).
-spec binsplit1mb(non_neg_integer()) -> non_neg_integer().
binsplit1mb(N) ->
    Bin = binary:copy(<<"abcdefghi,">>, N div 10),
    length(binary:split(Bin, <<",">>, [global])).
%% string:split/3 on a binary: N records of "abcdefghi," (10 bytes each, so
%% N = 100000 is 1 MB) split on <<",">> with `all`; the value is the number
%% of parts (N + 1: the last is empty). split1mb(100000) = 100001. The
%% binary is built in the call (a small part of its time on every system).
-spec split1mb(pos_integer()) -> pos_integer().
split1mb(N) ->
    Bin = iolist_to_binary(lists:duplicate(N, <<"abcdefghi,">>)),
    length(string:split(Bin, <<",">>, all)).

%% Pretty printing (io_lib:format's ~p): N tuples {I, [I, I + 1], <<"bin">>,
%% atom} in a list, about 10 nodes each (pp10k(1000) is a 10,000-node
%% term), printed with "~p" at 80 columns; the value is the text's length in
%% bytes: pp10k(1000) = 31873.
-spec pp10k(non_neg_integer()) -> non_neg_integer().
pp10k(N) -> iolist_size(io_lib:format("~p", [pp_term(N, [])])).

pp_term(0, Acc) -> Acc;
pp_term(I, Acc) -> pp_term(I - 1, [{I, [I, I + 1], <<"bin">>, atom} | Acc]).
