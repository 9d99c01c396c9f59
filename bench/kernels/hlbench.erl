%% hlbench.erl — the benchmark kernels, as guest source. The same file is
%% compiled by erlc for the BEAM rows, parsed by hl_check for the Hyperlang
%% front-end row, and (later) run by the Hyperlang VM rows. Every system in
%% bench/ implements exactly these kernels; bench/README.md defines them.
-module(hlbench).
-export([id/1, fib/1, sort/1, loop/1, gc/1, fact/1, print_pow2/1, pp10k/1]).

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

%% The module uses nothing from the standard library but lists:sort/1, so
%% the last element is taken by a local function (what lists:last/1 does).
last([X]) -> X;
last([_ | T]) -> last(T).

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

%% Pretty printing (io_lib:format's ~p): N tuples {I, [I, I + 1], <<"bin">>,
%% atom} in a list, about 10 nodes each (pp10k(1000) is a 10,000-node
%% term), printed with "~p" at 80 columns; the value is the text's length in
%% bytes: pp10k(1000) = 31873.
-spec pp10k(non_neg_integer()) -> non_neg_integer().
pp10k(N) -> iolist_size(io_lib:format("~p", [pp_term(N, [])])).

pp_term(0, Acc) -> Acc;
pp_term(I, Acc) -> pp_term(I - 1, [{I, [I, I + 1], <<"bin">>, atom} | Acc]).
